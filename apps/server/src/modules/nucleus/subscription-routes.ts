import {
  ZAccessTokenResponse,
  ZAvailablePlansResponse,
  ZChangePlanRequest,
  ZCurrentPlanResponse,
  ZErrorResponse,
  ZIdParams,
  ZSubscribeRequest,
  ZSubscribeResponse,
  ZSubscription,
} from '@app/contracts';
import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import { changePlan } from '../billing/plan-change.js';
import { getCurrentPlan, subscribe, subscribeFree } from '../billing/subscription-actions.js';
import { listAvailablePlans } from '../catalogue/service.js';
import { refreshAccessToken } from '../neuron-access/service.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/**
 * The plan calls of spec 001 §7 under /api/sinteza: the platform's plan, subscription and token
 * calls (`/api/currentplan/:neuron`, `/api/microservice/…`) with the neuron set to Nucleus, and
 * the same roles (a Guest sees the plans, but no subscription or token).
 */
export const nucleusSubscriptionRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (
  app,
  { deps },
) => {
  const tags = ['nucleus'];
  const billing = requireRole('OWNER', 'ADMIN');
  const owner = (request: FastifyRequest) => ({
    teamId: request.auth.teamId,
    language: requestLanguage(request),
    neuronId: NUCLEUS_NEURON,
  });

  app.get(
    '/sinteza/plans',
    { schema: { tags, response: { 200: ZAvailablePlansResponse, ...errors } } },
    (request) =>
      listAvailablePlans(deps, { neuronId: NUCLEUS_NEURON, language: requestLanguage(request) }),
  );

  app.get(
    '/sinteza/currentplan',
    { preHandler: billing, schema: { tags, response: { 200: ZCurrentPlanResponse, ...errors } } },
    (request) => getCurrentPlan(deps, owner(request)),
  );

  app.post(
    '/sinteza/free',
    { preHandler: billing, schema: { tags, response: { 201: ZSubscription, ...errors } } },
    async (request, reply) => reply.status(201).send(await subscribeFree(deps, owner(request))),
  );

  app.post(
    '/sinteza/subscribe',
    {
      preHandler: billing,
      schema: { tags, body: ZSubscribeRequest, response: { 200: ZSubscribeResponse, ...errors } },
    },
    (request) => subscribe(deps, { ...owner(request), request: request.body }),
  );

  app.put(
    '/sinteza/subscribe',
    {
      preHandler: billing,
      schema: { tags, body: ZChangePlanRequest, response: { 200: ZSubscribeResponse, ...errors } },
    },
    (request) => changePlan(deps, { ...owner(request), request: request.body }),
  );

  app.post(
    '/sinteza/token/refresh/:id',
    {
      preHandler: billing,
      schema: { tags, params: ZIdParams, response: { 200: ZAccessTokenResponse, ...errors } },
    },
    (request) =>
      refreshAccessToken(deps, {
        teamId: request.auth.teamId,
        neuronId: NUCLEUS_NEURON,
        subscriptionId: request.params.id,
      }),
  );
};
