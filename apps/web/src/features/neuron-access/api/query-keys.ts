import type { UsagePeriod } from '@app/contracts/neuron-access';

/** Every query key of the neuron pages, built in one place. */
export const neuronAccessKeys = {
  all: ['neuron-access'] as const,
  info: (neuron: string) => [...neuronAccessKeys.all, 'info', neuron] as const,
  access: (neuron: string) => [...neuronAccessKeys.all, 'access', neuron] as const,
  accessToken: (neuron: string) => [...neuronAccessKeys.all, 'access-token', neuron] as const,
  apiDocument: (neuron: string) => [...neuronAccessKeys.all, 'api-document', neuron] as const,
  neuronStatistics: (neuron: string) => [...neuronAccessKeys.all, 'statistics', neuron] as const,
  statistics: (neuron: string, period: UsagePeriod) =>
    [...neuronAccessKeys.neuronStatistics(neuron), period] as const,
};
