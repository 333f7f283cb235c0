import { ZDocumentInsightsParams, ZDocumentInsightsResponse, ZErrorResponse } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { getDocumentInsights } from './service.js';

/** GET /api/legal-mind/insights/{period}: the kinds of personal data in the team's documents. */
export const insightsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/legal-mind/insights/:period',
    {
      schema: {
        tags: ['LegalMind'],
        params: ZDocumentInsightsParams,
        response: { 200: ZDocumentInsightsResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    (request) =>
      getDocumentInsights(deps, { teamId: request.auth.teamId, period: request.params.period }),
  );
};
