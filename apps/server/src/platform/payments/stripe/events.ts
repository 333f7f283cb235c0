import type Stripe from 'stripe';
import type { Database } from '../../../db/client.js';
import { stripeEvents } from '../../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../jobs.js';
import {
  PAYMENT_DISPUTE_LOST_JOB,
  PAYMENT_INTENT_UPDATED_JOB,
  PAYMENT_REFUNDED_JOB,
  type PaymentDisputeLostPayload,
  type PaymentIntentUpdatedPayload,
  type PaymentRefundedPayload,
} from '../gateway.js';

export type StripeEventDeps = { db: Database; jobs: JobQueue; clock: Clock };

/**
 * Handles a verified event once: its id is stored with the work it causes, in one
 * transaction, so a redelivery (Stripe retries until it gets a 2xx) changes nothing.
 * Returns false for an event already handled.
 */
export async function handleStripeEvent(
  deps: StripeEventDeps,
  event: Stripe.Event,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!stored) return false;
    if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as Stripe.PaymentIntent;
      const payload: PaymentIntentUpdatedPayload = { paymentIntentId: intent.id };
      await deps.jobs.enqueue(PAYMENT_INTENT_UPDATED_JOB, payload, { tx });
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      // Returned in full: what the refunds' own events have not credited yet is.
      const paymentIntentId = idOf(charge.payment_intent);
      if (charge.refunded && paymentIntentId) {
        const payload: PaymentRefundedPayload = { paymentIntentId };
        await deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, payload, { tx });
      }
    }
    if (event.type === 'refund.created' || event.type === 'refund.updated') {
      const refund = event.data.object;
      // A refund still pending (or failed) has returned nothing yet.
      const paymentIntentId = idOf(refund.payment_intent);
      if (refund.status === 'succeeded' && paymentIntentId) {
        const payload: PaymentRefundedPayload = {
          paymentIntentId,
          refund: { id: refund.id, amountCents: refund.amount },
        };
        await deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, payload, { tx });
      }
    }
    if (event.type === 'charge.dispute.closed') {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (dispute.status === 'lost' && paymentIntentId) {
        const payload: PaymentDisputeLostPayload = {
          paymentIntentId,
          dispute: { id: dispute.id, amountCents: dispute.amount },
        };
        await deps.jobs.enqueue(PAYMENT_DISPUTE_LOST_JOB, payload, { tx });
      }
    }
    return true;
  });
}

function idOf(reference: string | { id: string } | null | undefined): string | undefined {
  return typeof reference === 'string' ? reference : reference?.id;
}
