import { BANK_CODE_MAX_LENGTH } from '@app/contracts/financial-viewer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  renderBankChooserPage,
  renderFlowResultPage,
} from '../../platform/banking/widget-pages.js';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import {
  finishBankConsent,
  findWidgetConnection,
  startBankConsent,
  listBanks,
} from './connections.js';

const ZOperationParams = z.object({ operationId: z.string().min(20).max(64) });

/**
 * The bank widget (spec: "the bank widget script is loaded with the operation id"): pages of
 * our own, opened by the web app in a popup without a session. The unguessable operation id
 * of a PENDING connection is what lets them through; once used or an hour old it no longer
 * does. The last page posts 'flow completed' to the web app that opened it.
 */
export const widgetRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['financial viewer'];
  const rateLimit = { max: 60, timeWindow: '1 minute' };
  if (deps.banking.provider !== 'sandbox') {
    // The popup leaves for the provider's and the bank's pages and comes back: with COOP
    // same-origin it would lose its opener on the way and could not post the outcome. The
    // app's pages allow popups (app.ts), and these pages opt out of isolation.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    });
  }

  app.get(
    '/financialviewer/widget/:operationId',
    {
      config: { rateLimit },
      schema: {
        tags,
        hide: true,
        params: ZOperationParams,
        querystring: z.object({ q: z.string().max(80).optional() }),
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const connection = await findWidgetConnection(deps, request.params.operationId);
      if (!connection) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(renderFlowResultPage({ outcome: 'failed', language }));
      }
      const banks = await listBanks(deps, {});
      return reply.type('text/html; charset=utf-8').send(
        renderBankChooserPage({
          operationId: request.params.operationId,
          banks,
          language,
          query: request.query.q ?? '',
        }),
      );
    },
  );

  app.get(
    '/financialviewer/widget/:operationId/bank/:bankCode',
    {
      config: { rateLimit },
      schema: {
        tags,
        hide: true,
        params: ZOperationParams.extend({ bankCode: z.string().min(1).max(BANK_CODE_MAX_LENGTH) }),
      },
    },
    async (request, reply) => {
      const started = await startBankConsent(deps, request.params);
      if (!started || 'outcome' in started) {
        return reply
          .status(started ? 200 : 404)
          .type('text/html; charset=utf-8')
          .send(
            renderFlowResultPage({
              outcome: started?.outcome ?? 'failed',
              language: requestLanguage(request),
            }),
          );
      }
      return reply.redirect(started.link, 303);
    },
  );

  app.get(
    '/financialviewer/widget/:operationId/callback',
    {
      config: { rateLimit },
      schema: {
        tags,
        hide: true,
        params: ZOperationParams,
        querystring: z.object({
          ref: z.string().max(100).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const outcome = await finishBankConsent(deps, {
        operationId: request.params.operationId,
        redirectError: request.query.error,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(renderFlowResultPage({ outcome, language: requestLanguage(request) }));
    },
  );
};
