/** The module's pages, as the spec names their routes (spec 001 §2). */
export const NUCLEUS_PAGES = [
  'synthesize',
  'synthesizers',
  'usage',
  'api',
  'edge',
  'plans',
] as const;
export type NucleusPage = (typeof NUCLEUS_PAGES)[number];

export const NUCLEUS_BASE_PATH = '/nucleus';

export function nucleusPath(page: NucleusPage): string {
  return `${NUCLEUS_BASE_PATH}/${page}`;
}

export function runPath(runId: string): string {
  return `${NUCLEUS_BASE_PATH}/synthesizers/runs/${encodeURIComponent(runId)}`;
}
