import {
  PHOTO_MAX_BYTES,
  VALIDATION,
  ZCurrentUser,
  ZErrorResponse,
  ZProfilePhotoResponse,
  ZUpdateLanguageRequest,
  ZUpdateUserRequest,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { validationError } from '../../platform/errors.js';
import { takeUploadedFile } from '../../platform/uploads.js';
import {
  getProfilePhotoUrl,
  updateCurrentUser,
  toCurrentUser,
  updateLanguage,
  uploadProfilePhoto,
} from './service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/user',
    { schema: { tags: ['users'], response: { 200: ZCurrentUser, 401: ZErrorResponse } } },
    (request) => toCurrentUser(deps, request.auth.user),
  );

  app.put(
    '/user',
    {
      schema: {
        tags: ['users'],
        body: ZUpdateUserRequest,
        response: { 200: ZCurrentUser, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    (request) => updateCurrentUser(deps, { userId: request.auth.userId, changes: request.body }),
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
