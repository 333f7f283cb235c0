import type { TSubscription } from '@app/contracts/billing';

export type StatusTagColor = 'success' | 'warning' | 'info' | 'error';

/**
 * Spec section 4, the status tag's colour: ACTIVE is success (warning while cancelling),
 * PENDING and PROCESSING info, anything else error.
 */
export function getStatusTagColor(
  subscription: Pick<TSubscription, 'status' | 'cancelAtPeriodEnd'>,
): StatusTagColor {
  const { status, cancelAtPeriodEnd } = subscription;
  if (status === 'ACTIVE') return cancelAtPeriodEnd ? 'warning' : 'success';
  if (status === 'PENDING' || status === 'PROCESSING') return 'info';
  return 'error';
}
