/** Every query key of Axon (a team's own datasets), built in one place so invalidation can't miss. */
export const axonKeys = {
  all: ['dataverse', 'axon'] as const,
  myDatasets: (page: number) => [...axonKeys.all, 'my-datasets', page] as const,
  myDataset: (datasetId: string) => [...axonKeys.all, 'my-dataset', datasetId] as const,
  instances: (datasetId: string) => [...axonKeys.all, 'instances', datasetId] as const,
  instance: (datasetId: string, dsiId: string) =>
    [...axonKeys.all, 'instance', datasetId, dsiId] as const,
  sales: () => [...axonKeys.all, 'sales'] as const,
  metrics: () => [...axonKeys.all, 'metrics'] as const,
};
