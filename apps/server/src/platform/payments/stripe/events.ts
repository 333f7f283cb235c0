import type Stripe from 'stripe';
import type { Database } from '../../../db/client.js';
import { stripeEvents } from '../../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../jobs.js';
import { PAYMENT_INTENT_UPDATED_JOB, type PaymentIntentUpdatedPayload } from '../gateway.js';

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
    return true;
  });
}
