import type { TCurrentPlanResponse } from '@app/contracts/billing';

/**
 * `active`: the team may use the neuron (the server grants access on ACTIVE only). `pending`:
 * bought but not paid yet (PENDING, INCOMPLETE, PROCESSING). `none`: never, or it has ended.
 */
export type SubscriptionState = 'active' | 'pending' | 'none';

export function getSubscriptionState(current: TCurrentPlanResponse): SubscriptionState {
  const subscription = current.currentSubscription;
  if (subscription === null) return 'none';
  switch (subscription.status) {
    case 'ACTIVE':
      return 'active';
    case 'CANCELED':
    case 'INCOMPLETE_EXPIRED':
      return 'none';
    default:
      return 'pending';
  }
}
