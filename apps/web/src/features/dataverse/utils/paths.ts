/** The Dataverse routes of the spec (001 §2). */
export const DATAVERSE_BASE_PATH = '/dataverse';
export const CATALOGUE_PATH = `${DATAVERSE_BASE_PATH}/data-catalog`;
/** The catalogue with its filter panel open. */
export const CATALOGUE_FILTER_PATH = `${CATALOGUE_PATH}/filter`;
export const ADD_DATA_PATH = '/axon/add-data';

export function datasetPath(datasetId: string, options: { isFamily?: boolean } = {}): string {
  const path = `${CATALOGUE_PATH}/${encodeURIComponent(datasetId)}`;
  return options.isFamily === true ? `${path}?isFamily=true` : path;
}

export const PURCHASES_PATH = `${DATAVERSE_BASE_PATH}/purchases`;

export function purchasePath(purchaseId: string): string {
  return `${DATAVERSE_BASE_PATH}/purchase/${encodeURIComponent(purchaseId)}`;
}
