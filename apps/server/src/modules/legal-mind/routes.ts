import {
  LEGAL_MIND_MAX_CHARACTERS,
  ZErrorResponse,
  ZLegalMindParams,
  ZLegalMindQuery,
  ZLegalMindRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { anonymizeLegalText } from './service.js';

/** JSON escapes can double a text's size; the character limit is checked on the text itself. */
const BODY_LIMIT_BYTES = LEGAL_MIND_MAX_CHARACTERS * 4;

/** POST /v1/{text|html}/english?token=…: the anonymised text, as plain text. */
export const legalMindRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/:mode/english',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['LegalMind'],
        summary: 'Anonymise English legal text (mode text) or HTML (mode html)',
        params: ZLegalMindParams,
        querystring: ZLegalMindQuery,
        body: ZLegalMindRequest,
        response: {
          200: z.string().describe('The anonymised text or HTML'),
          400: ZErrorResponse,
          401: ZErrorResponse,
          413: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const text = await anonymizeLegalText(deps, {
        token: request.query.token,
        mode: request.params.mode,
        text: request.body.text,
      });
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
