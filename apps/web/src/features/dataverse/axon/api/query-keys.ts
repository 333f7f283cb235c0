/** Every query key of Axon (a team's own datasets), built in one place so invalidation can't miss. */
export const axonKeys = {
  all: ['dataverse', 'axon'] as const,
  myDatasets: (page: number) => [...axonKeys.all, 'my-datasets', page] as const,
  metrics: () => [...axonKeys.all, 'metrics'] as const,
};
