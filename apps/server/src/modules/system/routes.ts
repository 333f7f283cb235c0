import {
  ZErrorResponse,
  ZHealthResponse,
  ZLiveResponse,
  ZOutboxMessage,
  ZReadyResponse,
} from '@app/contracts';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findOutboxMessages } from '../../platform/mail/transport.js';
import { putStreamWithin } from '../../platform/uploads.js';
import { FILES_ROUTE_PREFIX, UPLOAD_MAX_BYTES } from '../../platform/storage.js';
import { isMigrated } from '../../db/client.js';
import { pingDatabase } from './repository.js';

const ZSignedFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1),
});
const ZSignedUploadQuery = ZSignedFileQuery.extend({
  maxBytes: z.coerce.number().int().min(1).max(UPLOAD_MAX_BYTES),
});
const FILES_ROUTE = `${FILES_ROUTE_PREFIX.replace(/^\/api/, '')}*`;

function uploadTooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: `The file is larger than ${String(maxBytes)} bytes.`,
  });
}

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

  // Liveness: the process answers. A failing database does not make it worth restarting.
  app.get(
    '/health/live',
    { schema: { tags: ['system'], response: { 200: ZLiveResponse } } },
    () => ({ status: 'ok' as const }),
  );

  // Readiness: send this process requests. False while it stops, or without its database.
  app.get(
    '/health/ready',
    { schema: { tags: ['system'], response: { 200: ZReadyResponse, 503: ZErrorResponse } } },
    async (request, reply) => {
      const problem = deps.lifecycle.isDraining
        ? 'Shutting down'
        : await isMigrated(deps.db).then(
            (migrated) => (migrated ? undefined : 'Database migrations pending'),
            (error: unknown) => {
              request.log.error({ err: error }, 'readiness check: database unreachable');
              return 'Database unreachable';
            },
          );
      if (problem) return reply.status(503).send({ error: { code: 'BUSY', message: problem } });
      return { status: 'ok' as const, database: 'ok' as const, migrations: 'ok' as const };
    },
  );

  app.get(
    FILES_ROUTE,
    { schema: { tags: ['system'], querystring: ZSignedFileQuery } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query;
      if (!deps.storage.verify(key, expires, signature)) throw new AppError('FORBIDDEN');
      const file = await deps.storage.head(key);
      if (!file) throw new AppError('NOT_FOUND');
      const location = await deps.storage.downloadLocation(key);
      if (location) return reply.header('cache-control', 'no-store').redirect(location, 302);
      const body = await deps.storage.openRead(key);
      if (!body) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  // A signed upload address takes the file's raw bytes, whatever their content type, and
  // streams them to storage: the body is never whole in memory.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, body, done) => {
      done(null, body);
    });
    uploads.withTypeProvider<ZodTypeProvider>().put(
      FILES_ROUTE,
      {
        schema: { tags: ['system'], querystring: ZSignedUploadQuery },
        // The address is checked before the body is read: an unsigned or oversized upload is
        // refused without storing a byte of it.
        onRequest: async (request) => {
          const key = (request.params as { '*': string })['*'];
          const query = ZSignedUploadQuery.safeParse(request.query);
          if (!query.success || !deps.storage.verifyUpload(key, query.data)) {
            throw new AppError('FORBIDDEN');
          }
          if (Number(request.headers['content-length'] ?? 0) > query.data.maxBytes) {
            throw uploadTooLarge(query.data.maxBytes);
          }
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const { maxBytes } = request.query;
        if (!deps.storage.verifyUpload(key, request.query)) throw new AppError('FORBIDDEN');
        await putStreamWithin(deps.storage, {
          key,
          body: request.body instanceof Readable ? request.body : Readable.from([]),
          contentType: 'application/octet-stream',
          maxBytes,
          tooLarge: () => uploadTooLarge(maxBytes),
        });
        return reply.status(204).send();
      },
    );
  });

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
          attachments: message.attachments.map((attachment) => ({
            ...attachment,
            size: Buffer.byteLength(attachment.contentBase64, 'base64'),
          })),
          createdAt: message.createdAt.toISOString(),
        }));
      },
    );
  }
};
