import {
  ZAccessTokenResponse,
  ZErrorResponse,
  ZNeuronAccessResponse,
  ZNeuronParams,
  ZTokenRefreshParams,
  ZUsageLogsResponse,
  ZUsageParams,
  ZUsageStatisticsResponse,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import { getNeuronAccess } from '../billing/subscriptions.js';
import {
  getAccessToken,
  getUsageLogs,
  getUsageStatistics,
  neuronApiDocument,
  refreshAccessToken,
} from './service.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/** Every member uses the team's neurons; rotating a token is for those who manage billing. */
export const neuronAccessRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['neuron access'];

  app.get(
    '/microservice/access/:neuron',
    {
      schema: { tags, params: ZNeuronParams, response: { 200: ZNeuronAccessResponse, ...errors } },
    },
    (request) =>
      getNeuronAccess(deps, {
        teamId: request.auth.teamId,
        language: requestLanguage(request),
        neuronId: request.params.neuron,
      }),
  );

  app.get(
    '/microservice/token/:neuron',
    { schema: { tags, params: ZNeuronParams, response: { 200: ZAccessTokenResponse, ...errors } } },
    (request) =>
      getAccessToken(deps, { teamId: request.auth.teamId, neuronId: request.params.neuron }),
  );

  app.post(
    '/microservice/token/refresh/:neuron/:subscriptionId',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: {
        tags,
        params: ZTokenRefreshParams,
        response: { 200: ZAccessTokenResponse, ...errors },
      },
    },
    (request) =>
      refreshAccessToken(deps, {
        teamId: request.auth.teamId,
        neuronId: request.params.neuron,
        subscriptionId: request.params.subscriptionId,
      }),
  );

  app.get(
    '/microservice/swagger/:neuron',
    { schema: { tags, params: ZNeuronParams } },
    async (request, reply) =>
      reply.type('application/json').send(neuronApiDocument(app.swagger(), request.params.neuron)),
  );

  app.get(
    '/statistics/:neuron/:period',
    {
      schema: {
        tags,
        params: ZUsageParams,
        response: { 200: ZUsageStatisticsResponse, ...errors },
      },
    },
    (request) =>
      getUsageStatistics(deps, {
        teamId: request.auth.teamId,
        neuronId: request.params.neuron,
        period: request.params.period,
      }),
  );

  app.get(
    '/logs/:neuron/:period',
    { schema: { tags, params: ZUsageParams, response: { 200: ZUsageLogsResponse, ...errors } } },
    (request) =>
      getUsageLogs(deps, {
        teamId: request.auth.teamId,
        neuronId: request.params.neuron,
        period: request.params.period,
      }),
  );
};
