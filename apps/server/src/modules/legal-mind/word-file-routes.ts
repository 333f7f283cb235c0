import {
  WORD_FILE_MAX_BYTES,
  ZErrorResponse,
  ZLegalMindQuery,
  ZWordFileContent,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { documentedMultipart, takeUploadedFile } from '../../platform/uploads.js';
import { convertWordFile } from './service.js';

/**
 * POST /api/legal-mind/word-file?token=…: the text of a Word 97–2003 file, for the anonymizer
 * page, which works with the LegalMind token alone.
 */
export const wordFileRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/legal-mind/word-file',
    {
      // Converting is real work: a person uploads a few files a minute, a script is slowed.
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        ...documentedMultipart({ file: 'file' }),
      },
      schema: {
        tags: ['LegalMind'],
        summary: 'The text and simple HTML of a Word 97–2003 (.doc) file, multipart field "file"',
        consumes: ['multipart/form-data'],
        querystring: ZLegalMindQuery,
        response: {
          200: ZWordFileContent,
          400: ZErrorResponse,
          401: ZErrorResponse,
          413: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request) =>
      convertWordFile(deps, {
        token: request.query.token,
        takeFile: () =>
          takeUploadedFile(request, {
            maxBytes: WORD_FILE_MAX_BYTES,
            tooLarge: () =>
              new AppError('PAYLOAD_TOO_LARGE', {
                message: `The Word file is larger than ${String(WORD_FILE_MAX_BYTES / 1024 / 1024)} MB.`,
              }),
          }),
      }),
  );
};
