import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { mailOwnerAbout, paymentFailedMail, subscriptionLink } from './billing-mails.js';
import { updateSubscription, type InvoiceRow, type SubscriptionRow } from './repository.js';

export const RETRY_RENEWAL_JOB = 'billing.retry_renewal';
const DAY = 86_400_000;
/** Days after the first refusal when an unpaid charge is tried again; then it ends. */
export const RETRY_DAYS = [1, 3, 5] as const;

/**
 * An active subscription whose charge (a renewal, an upgrade) was refused: INCOMPLETE until
 * paid, retried after each of RETRY_DAYS, and the owner is told by mail how to pay.
 */
export async function startDunning(
  deps: Deps,
  executor: Executor,
  options: { subscription: SubscriptionRow; invoice: InvoiceRow; reason: string | null },
): Promise<void> {
  const { subscription, invoice } = options;
  const now = deps.clock.now();
  await updateSubscription(executor, subscription.teamId, subscription.id, {
    status: 'INCOMPLETE',
    renewalRetries: 0,
  });
  for (const [index, days] of RETRY_DAYS.entries()) {
    await deps.jobs.enqueue(
      RETRY_RENEWAL_JOB,
      { subscriptionId: subscription.id, invoiceId: invoice.id, retry: index + 1 },
      { tx: executor, runAt: new Date(now.getTime() + days * DAY) },
    );
  }
  await mailPaymentFailed(deps, executor, {
    subscription,
    reason: options.reason,
    nextTry: new Date(now.getTime() + RETRY_DAYS[0] * DAY),
  });
}

/** Try `retry` (1-based) was refused now: when the next one comes, null after the last. */
export function nextRetryAt(now: Date, retry: number): Date | null {
  const next = RETRY_DAYS[retry];
  const current = RETRY_DAYS[retry - 1];
  if (next === undefined || current === undefined) return null;
  return new Date(now.getTime() + (next - current) * DAY);
}

export async function mailPaymentFailed(
  deps: Deps,
  executor: Executor,
  options: { subscription: SubscriptionRow; reason: string | null; nextTry: Date | null },
): Promise<void> {
  const { subscription } = options;
  await mailOwnerAbout(deps, executor, {
    teamId: subscription.teamId,
    neuronId: subscription.neuronId,
    build: (recipient, product) =>
      paymentFailedMail(recipient, {
        product,
        reason: options.reason,
        nextTry: options.nextTry,
        link: subscriptionLink(deps),
      }),
  });
}
