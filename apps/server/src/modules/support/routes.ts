import { ZContactRequest, ZErrorResponse } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { sendSupportMessage } from './service.js';

export const supportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/user/contact',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['support'],
        body: ZContactRequest,
        response: { 204: z.null(), 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      await sendSupportMessage(deps, {
        teamId: request.auth.teamId,
        userId: request.auth.userId,
        message: request.body,
      });
      return reply.status(204).send(null);
    },
  );
};
