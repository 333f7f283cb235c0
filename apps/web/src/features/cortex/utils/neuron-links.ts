/** Where a subscribed team starts using each neuron; a neuron without its own pages has plans. */
const OPEN_PATHS: Partial<Record<string, string>> = {
  FinancialViewer: '/neurons/FinancialViewer',
  LegalMind: '/neurons/LegalMind/overview',
};

export function plansPath(neuronId: string): string {
  return `/neurons/${encodeURIComponent(neuronId)}/plans`;
}

export function openPath(neuronId: string): string {
  return OPEN_PATHS[neuronId] ?? plansPath(neuronId);
}

export function usagePath(neuronId: string): string {
  return `/neurons/${encodeURIComponent(neuronId)}/usage`;
}
