import type { DatasetsQuery } from '../utils/catalogue-search';

/** Every query key of Dataverse, built in one place so invalidation can't miss. */
export const dataverseKeys = {
  all: ['dataverse'] as const,
  /** Reference data answers in the UI language. */
  dimensions: (language: string) => [...dataverseKeys.all, 'dimensions', language] as const,
  /** Every catalogue page and every dataset: what a deleted dataset changes. */
  datasets: () => [...dataverseKeys.all, 'datasets'] as const,
  /** The providers of the visible datasets: a deleted dataset may take one away. */
  vendors: () => [...dataverseKeys.datasets(), 'vendors'] as const,
  report: (datasetId: string) => [...dataverseKeys.datasets(), 'report', datasetId] as const,
  datasetList: (query: DatasetsQuery, language: string) =>
    [...dataverseKeys.datasets(), 'list', query, language] as const,
  dataset: (datasetId: string, language: string) =>
    [...dataverseKeys.datasets(), 'dataset', datasetId, language] as const,
};
