/** Every billing query key starts with `billing`, so a payment can refresh them all at once. */
export const billingKeys = {
  all: ['billing'] as const,
  paymentsConfig: () => ['billing', 'payments-config'] as const,
  paymentMethods: () => ['billing', 'payment-methods'] as const,
  billingInfo: () => ['billing', 'billing-info'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  subscriptions: () => ['billing', 'subscriptions'] as const,
  neuron: (neuron: string) => ['billing', 'neuron', neuron] as const,
  availablePlans: (neuron: string) => ['billing', 'available-plans', neuron] as const,
  currentPlan: (neuron: string) => ['billing', 'current-plan', neuron] as const,
  accessToken: (neuron: string) => ['billing', 'access-token', neuron] as const,
  paymentIntent: (id: string) => ['billing', 'payment-intent', id] as const,
  planChangePreview: (neuron: string, priceId: string) =>
    ['billing', 'plan-change-preview', neuron, priceId] as const,
};
