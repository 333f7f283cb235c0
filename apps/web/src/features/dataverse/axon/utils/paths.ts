/** Axon's routes (spec 001 §2) and the monetize page of Dataverse. */
export const MY_DATA_PATH = '/axon/my-data';
export const AXON_METRICS_PATH = '/axon/metrics';
export const MONETIZE_PATH = '/dataverse/monetize';

/** The wizard; with a dataset it adds a new version of it, with a version it resumes there. */
export function addDataPath(options: { datasetId?: string; dsiId?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.datasetId !== undefined) query.set('datasetId', options.datasetId);
  if (options.dsiId !== undefined) query.set('dsiId', options.dsiId);
  const text = query.toString();
  return text === '' ? '/axon/add-data' : `/axon/add-data?${text}`;
}

export function myDatasetPath(datasetId: string, options: { isFamily?: boolean } = {}): string {
  const path = `${MY_DATA_PATH}/my-datasets/${encodeURIComponent(datasetId)}`;
  return options.isFamily === true ? `${path}?isFamily=true` : path;
}

/** Axon's page of a public dataset of another team (the spec's /axon/my-data/datasets/{id}). */
export function publicDatasetPath(datasetId: string, options: { isFamily?: boolean } = {}): string {
  const path = `${MY_DATA_PATH}/datasets/${encodeURIComponent(datasetId)}`;
  return options.isFamily === true ? `${path}?isFamily=true` : path;
}
