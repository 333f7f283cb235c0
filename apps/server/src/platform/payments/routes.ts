import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import { SandboxPaymentGateway } from './sandbox/sandbox-gateway.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { stripeWebhookRoutes } from './stripe/webhook-routes.js';

/** The active gateway's own routes: the sandbox's browser calls, or Stripe's webhook. */
export const paymentsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  if (deps.payments instanceof SandboxPaymentGateway) {
    await app.register(sandboxRoutes, { gateway: deps.payments });
  }
  if (deps.config.stripe) {
    await app.register(stripeWebhookRoutes, {
      deps,
      webhookSecret: deps.config.stripe.webhookSecret,
    });
  }
};
