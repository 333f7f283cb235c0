import type Stripe from 'stripe';
import type { Database } from '../../../db/client.js';
import { stripeEvents } from '../../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../jobs.js';
import {
  PAYMENT_INTENT_UPDATED_JOB,
  PAYMENT_REFUNDED_JOB,
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
      // A partial refund leaves the invoice standing; only a full one is credited.
      const paymentIntentId =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      if (charge.refunded && paymentIntentId) {
        const payload: PaymentRefundedPayload = { paymentIntentId };
        await deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, payload, { tx });
      }
    }
    return true;
  });
}
