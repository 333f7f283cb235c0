/** The sub-pages of a neuron under /neurons/:neuron, as the spec names their routes. */
export const NEURON_PAGES = [
  'overview',
  'test',
  'integration',
  'usage',
  'performance',
  'anonymize',
  'documentsInsights',
  'plans',
  'token',
] as const;
export type NeuronPage = (typeof NEURON_PAGES)[number];

const API_PAGES: readonly NeuronPage[] = [
  'overview',
  'test',
  'integration',
  'usage',
  'performance',
];

/**
 * The pages each neuron has, in tab order. Neurons with a public API get the API pages;
 * LegalMind its anonymizer and document insights too; any other neuron only plans and token.
 */
const PAGES_BY_NEURON: Record<string, readonly NeuronPage[]> = {
  FinancialViewer: [...API_PAGES, 'plans', 'token'],
  LegalMind: [...API_PAGES, 'anonymize', 'documentsInsights', 'plans', 'token'],
  // The Sinteza token API (/v1/sinteza) and its OpenAPI document; its screens are /nucleus.
  Nucleus: [...API_PAGES, 'plans', 'token'],
};
const OTHER_NEURON_PAGES: readonly NeuronPage[] = ['plans', 'token'];

export function neuronPages(neuron: string): readonly NeuronPage[] {
  return PAGES_BY_NEURON[neuron] ?? OTHER_NEURON_PAGES;
}

/** A neuron that has its own module pages (the neuron layout links back to them). */
export const MODULE_PATHS: Record<string, string> = {
  FinancialViewer: '/neurons/FinancialViewer',
  Nucleus: '/nucleus/synthesizers',
};

export function neuronPath(neuron: string, page: NeuronPage): string {
  return `/neurons/${encodeURIComponent(neuron)}/${page}`;
}

/** The page a neuron's address opens on. */
export function neuronHomePage(neuron: string): NeuronPage {
  return neuronPages(neuron)[0] ?? 'plans';
}

export function isNeuronPage(value: string): value is NeuronPage {
  return (NEURON_PAGES as readonly string[]).includes(value);
}
