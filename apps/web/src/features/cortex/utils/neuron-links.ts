/** Where a subscribed team starts using each neuron; a neuron without its own pages has plans. */
const OPEN_PATHS: Partial<Record<string, string>> = {
  FinancialViewer: '/neurons/FinancialViewer',
  LegalMind: '/neurons/LegalMind/overview',
  Nucleus: '/nucleus/synthesizers',
};

export function plansPath(neuronId: string): string {
  return `/neurons/${encodeURIComponent(neuronId)}/plans`;
}

export function openPath(neuronId: string): string {
  return OPEN_PATHS[neuronId] ?? plansPath(neuronId);
}

/** Nucleus keeps its usage among its own pages. */
const USAGE_PATHS: Partial<Record<string, string>> = { Nucleus: '/nucleus/usage' };

export function usagePath(neuronId: string): string {
  return USAGE_PATHS[neuronId] ?? `/neurons/${encodeURIComponent(neuronId)}/usage`;
}
