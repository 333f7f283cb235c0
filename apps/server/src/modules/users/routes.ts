import {
  PHOTO_MAX_BYTES,
  VALIDATION,
  ZCurrentUser,
  ZErrorResponse,
  ZProfilePhotoResponse,
  ZSessionResponse,
  ZTokenParams,
  ZUpdateLanguageRequest,
  ZUpdateUserRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { validationError } from '../../platform/errors.js';
import { documentedMultipart, takeUploadedFile } from '../../platform/uploads.js';
import {
  toCurrentUser,
  cancelEmailChange,
  confirmEmailChange,
  getProfilePhotoUrl,
  updateCurrentUser,
  updateLanguage,
  uploadProfilePhoto,
} from './service.js';

/** The limit of the auth link routes (see the auth module), per client address. */
function authRateLimit(deps: Deps) {
  return { rateLimit: { max: deps.config.rateLimitAuthMax, timeWindow: '1 minute' } };
}

export const usersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // No session: the link's token is the proof, and the link may be opened on another device.
  app.post(
    '/user/email/confirm/:token',
    {
      config: authRateLimit(deps),
      schema: {
        tags: ['users'],
        params: ZTokenParams,
        response: {
          200: ZSessionResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const session = await confirmEmailChange(deps, { token: request.params.token });
      return reply.header('authorization', `Bearer ${session.token}`).send(session);
    },
  );

  await app.register(signedInRoutes, { deps });
};

const signedInRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/user',
    { schema: { tags: ['users'], response: { 200: ZCurrentUser, 401: ZErrorResponse } } },
    (request) => toCurrentUser(deps, request.auth.user),
  );

  app.put(
    '/user',
    {
      // A new email sends mail to an address the caller chooses: limited like the auth links.
      config: authRateLimit(deps),
      schema: {
        tags: ['users'],
        body: ZUpdateUserRequest,
        response: { 200: ZCurrentUser, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    (request) => updateCurrentUser(deps, { userId: request.auth.userId, changes: request.body }),
  );

  app.delete(
    '/user/email/pending',
    { schema: { tags: ['users'], response: { 204: z.null(), 401: ZErrorResponse } } },
    async (request, reply) => {
      await cancelEmailChange(deps, { userId: request.auth.userId });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/user/language',
    {
      schema: {
        tags: ['users'],
        body: ZUpdateLanguageRequest,
        response: { 204: z.null(), 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      await updateLanguage(deps, { userId: request.auth.userId, language: request.body.language });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/profile/photo',
    { schema: { tags: ['users'], response: { 200: ZProfilePhotoResponse, 404: ZErrorResponse } } },
    (request) => getProfilePhotoUrl(deps, { userId: request.auth.userId }),
  );

  app.post(
    '/user/profile/photo',
    {
      config: documentedMultipart({ file: 'image' }),
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        response: { 200: ZProfilePhotoResponse, 400: ZErrorResponse, 413: ZErrorResponse },
      },
    },
    async (request) => {
      const file = await takeUploadedFile(request, {
        maxBytes: PHOTO_MAX_BYTES,
        tooLarge: () => validationError({ image: VALIDATION.imageTooLarge }),
      });
      return uploadProfilePhoto(deps, { userId: request.auth.userId, file });
    },
  );
};
