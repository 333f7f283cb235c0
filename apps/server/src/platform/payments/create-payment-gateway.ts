import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../clock.js';
import type { JobQueue } from '../jobs.js';
import type { PaymentGateway } from './gateway.js';
import { SANDBOX_SEPA_SETTLE_JOB, SandboxPaymentGateway } from './sandbox/sandbox-gateway.js';
import { StripePaymentGateway } from './stripe/stripe-gateway.js';

export type PaymentGatewayDeps = { config: Config; db: Database; clock: Clock; jobs: JobQueue };

const ZSettlePayload = z.object({ paymentIntentId: z.string() });

/** Stripe when its keys are configured, otherwise the built-in sandbox with its settle job. */
export function createPaymentGateway(deps: PaymentGatewayDeps): PaymentGateway {
  const { config } = deps;
  if (config.stripe) {
    return new StripePaymentGateway({
      // Retried POSTs are safe: the SDK sends an idempotency key with each.
      stripe: new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2 }),
      publishableKey: config.stripe.publishableKey,
    });
  }
  const sandbox = new SandboxPaymentGateway({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    publicUrl: config.publicUrl,
    sepaDelaySeconds: config.sandboxSepaDelaySeconds,
  });
  deps.jobs.register(SANDBOX_SEPA_SETTLE_JOB, async (payload) => {
    await sandbox.settleSepaDebit(ZSettlePayload.parse(payload).paymentIntentId);
  });
  return sandbox;
}
