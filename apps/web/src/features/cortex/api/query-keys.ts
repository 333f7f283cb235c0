/** Every query key of the Cortex area, built in one place so invalidation can't miss. */
export const cortexKeys = {
  all: ['cortex'] as const,
  neurons: () => [...cortexKeys.all, 'neurons'] as const,
  currentPlan: (neuron: string) => [...cortexKeys.all, 'current-plan', neuron] as const,
  monthStatistics: (neuron: string) => [...cortexKeys.all, 'statistics', neuron, 'month'] as const,
};
