import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import {
  mailOwnerAbout,
  paymentFailedMail,
  subscriptionCanceledMail,
  subscriptionLink,
} from './billing-mails.js';
import { voidOpenInvoice } from './charges.js';
import {
  findNextRetryAt,
  updateSubscription,
  type InvoiceRow,
  type SubscriptionRow,
} from './repository.js';

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

/**
 * A SEPA debit charged during the dunning (by a retry, or by the owner) failed once it was no
 * longer processing: the dunning goes on with the next retry still to run, and ends the
 * subscription when none is left (the failed debit was the last try, or ran past it).
 */
export async function continueDunning(
  deps: Deps,
  executor: Executor,
  options: { subscription: SubscriptionRow; reason: string | null },
): Promise<void> {
  const { subscription } = options;
  const nextTry = await findNextRetryAt(executor, {
    name: RETRY_RENEWAL_JOB,
    subscriptionId: subscription.id,
    after: subscription.renewalRetries,
  });
  if (!nextTry) {
    await endUnpaid(deps, executor, subscription);
    return;
  }
  await updateSubscription(executor, subscription.teamId, subscription.id, {
    status: 'INCOMPLETE',
  });
  await mailPaymentFailed(deps, executor, {
    subscription,
    reason: options.reason,
    nextTry,
  });
}

/** The last try was refused: the subscription ends, its invoice is void, the owner is told. */
export async function endUnpaid(
  deps: Deps,
  executor: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  const { teamId } = subscription;
  const now = deps.clock.now();
  await updateSubscription(executor, teamId, subscription.id, {
    status: 'CANCELED',
    canceledAt: now,
  });
  await voidOpenInvoice(executor, teamId, subscription.id);
  await mailOwnerAbout(deps, executor, {
    teamId,
    neuronId: subscription.neuronId,
    build: (recipient, product) =>
      subscriptionCanceledMail(recipient, {
        product,
        endsAt: now,
        unpaid: true,
        link: subscriptionLink(deps),
      }),
  });
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
