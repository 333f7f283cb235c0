import { VALIDATION, ZErrorResponse } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth.js';
import { INTENT_STATUSES, PAYMENT_METHOD_TYPES } from '../gateway.js';
import type { SandboxPaymentGateway } from './sandbox-gateway.js';

const ZSandboxIdParams = z.object({
  id: z.string().regex(/^\w{1,64}$/, { error: VALIDATION.invalid }),
});

/** What the sandbox's card or IBAN form sends in place of the provider's browser library. */
const ZConfirmSetupIntentRequest = z.union([
  z.strictObject({
    card: z.strictObject({
      number: z.string().max(32),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int().min(2000).max(2200),
      cvc: z.string().max(8),
    }),
  }),
  z.strictObject({
    sepa: z.strictObject({
      iban: z.string().max(64),
      accountHolderName: z.string().max(200),
      email: z.string().max(254),
    }),
  }),
]);

const ZChallengeRequest = z.object({ outcome: z.enum(['succeed', 'fail']) });

const ZSetupIntentResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  clientSecret: z.string(),
  status: z.enum(INTENT_STATUSES),
  paymentMethodId: z.string().nullable(),
});

const ZPaymentIntentResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  amountCents: z.number().int(),
  currency: z.literal('eur'),
  clientSecret: z.string(),
  status: z.enum(INTENT_STATUSES),
  paymentMethodId: z.string().nullable(),
  lastError: z.string().nullable(),
  nextActionUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
});

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/**
 * The sandbox provider's browser-side calls (Stripe Elements' part with Stripe): saving a
 * card or IBAN, and the 3-D Secure challenge page (the intent it shows, the answer). Members who may pay, of their own team.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ gateway: SandboxPaymentGateway }> = async (
  app,
  { gateway },
) => {
  const payers = { preHandler: [app.authenticate, requireRole('OWNER', 'ADMIN')] };

  app.post(
    '/sandbox/setup_intents/:id/confirm',
    {
      ...payers,
      schema: {
        tags: ['sandbox payments'],
        params: ZSandboxIdParams,
        body: ZConfirmSetupIntentRequest,
        response: { 200: ZSetupIntentResponse, ...errors },
      },
    },
    (request) =>
      gateway.confirmSetupIntent({
        teamId: request.auth.teamId,
        setupIntentId: request.params.id,
        details: request.body,
      }),
  );

  app.get(
    '/sandbox/payment_intents/:id',
    {
      ...payers,
      schema: {
        tags: ['sandbox payments'],
        params: ZSandboxIdParams,
        response: { 200: ZPaymentIntentResponse, ...errors },
      },
    },
    (request) =>
      gateway.getTeamPaymentIntent({
        teamId: request.auth.teamId,
        paymentIntentId: request.params.id,
      }),
  );

  app.post(
    '/sandbox/payment_intents/:id/challenge',
    {
      ...payers,
      schema: {
        tags: ['sandbox payments'],
        params: ZSandboxIdParams,
        body: ZChallengeRequest,
        response: { 200: ZPaymentIntentResponse, ...errors },
      },
    },
    (request) =>
      gateway.completeChallenge({
        teamId: request.auth.teamId,
        paymentIntentId: request.params.id,
        outcome: request.body.outcome,
      }),
  );
};
