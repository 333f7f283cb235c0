import { ZErrorResponse, ZHealthResponse, ZOutboxMessage } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findOutboxMessages } from '../../platform/mail/transport.js';
import { FILES_ROUTE_PREFIX } from '../../platform/storage.js';
import { pingDatabase } from './repository.js';

const ZSignedFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
});

export const systemRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: ZHealthResponse, 503: ZErrorResponse } } },
    async (request, reply) => {
      try {
        await pingDatabase(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ error: { code: 'INTERNAL', message: 'Database unreachable' } });
      }
    },
  );

  app.get(
    `${FILES_ROUTE_PREFIX.replace(/^\/api/, '')}*`,
    { schema: { tags: ['system'], querystring: ZSignedFileQuery } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query;
      if (!deps.storage.verify(key, expires, signature)) throw new AppError('FORBIDDEN');
      const file = await deps.storage.get(key);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  // The outbox exists only while the outbox transport is active; with SMTP this route is absent.
  if (deps.mailer.transport.kind === 'outbox') {
    app.get(
      '/dev/outbox',
      { schema: { tags: ['system'], response: { 200: z.array(ZOutboxMessage) } } },
      async () => {
        const messages = await findOutboxMessages(deps.db, { limit: 200 });
        return messages.map((message) => ({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          createdAt: message.createdAt.toISOString(),
        }));
      },
    );
  }
};
