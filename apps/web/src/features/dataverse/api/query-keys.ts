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
  report: (datasetId: string, dsiId: string | null) =>
    [...dataverseKeys.datasets(), 'report', datasetId, dsiId] as const,
  datasetList: (query: DatasetsQuery, language: string) =>
    [...dataverseKeys.datasets(), 'list', query, language] as const,
  dataset: (datasetId: string, language: string) =>
    [...dataverseKeys.datasets(), 'dataset', datasetId, language] as const,
  /** The team's purchases: a new purchase or a payment's end changes them. */
  purchases: () => [...dataverseKeys.all, 'purchases'] as const,
  purchaseList: (page: number, pageSize: number) =>
    [...dataverseKeys.purchases(), 'list', page, pageSize] as const,
  purchase: (purchaseId: string) => [...dataverseKeys.purchases(), 'purchase', purchaseId] as const,
};
