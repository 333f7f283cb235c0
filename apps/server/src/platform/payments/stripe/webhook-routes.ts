import { ZErrorResponse } from '@app/contracts';
import Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { handleStripeEvent, type StripeEventDeps } from './events.js';

export type StripeWebhookOptions = { deps: StripeEventDeps; webhookSecret: string };

/**
 * POST /stripe/webhook: Stripe's signed event notifications. The signature covers the exact
 * bytes sent, so this plugin's scope alone keeps JSON bodies as raw buffers.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { deps, webhookSecret },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['stripe'],
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 400: ZErrorResponse },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || !signature) throw invalidSignature();
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          request.body,
          signature,
          webhookSecret,
          undefined,
          undefined,
          deps.clock.now().getTime(),
        );
      } catch {
        throw invalidSignature();
      }
      const isNew = await handleStripeEvent(deps, event);
      request.log.info({ eventId: event.id, type: event.type, isNew }, 'stripe event');
      return { received: true as const };
    },
  );
};

function invalidSignature(): AppError {
  return new AppError('VALIDATION', {
    message: 'The Stripe-Signature header is missing or invalid.',
  });
}
