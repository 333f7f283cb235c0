import {
  APP_ID_HEADER,
  APP_IDS,
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendConfirmationRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
  ZTokenParams,
  ZUpdatePasswordRequest,
  ZUpdatePasswordResponse,
  pickLanguage,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { validationError } from '../../platform/errors.js';
import {
  FORGOT_PASSWORD_JOB,
  confirmRegistration,
  forgotPassword,
  login,
  register,
  resendConfirmation,
  resetPassword,
  sendPasswordReset,
  updatePassword,
} from './service.js';

const ZAppIdHeaders = z.object({ [APP_ID_HEADER]: z.string().optional() });

function requestLanguage(request: FastifyRequest) {
  return request.headers['accept-language']
    ? pickLanguage(request.headers['accept-language'])
    : undefined;
}

export const authRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(FORGOT_PASSWORD_JOB, (payload) =>
    sendPasswordReset(deps, z.object({ email: z.string() }).parse(payload)),
  );
  const limited = { rateLimit: { max: deps.config.rateLimitAuthMax, timeWindow: '1 minute' } };
  const errors = {
    400: ZErrorResponse,
    401: ZErrorResponse,
    409: ZErrorResponse,
    429: ZErrorResponse,
  };

  app.post(
    '/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: ZLoginRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await login(deps, {
        credentials: request.body,
        language: requestLanguage(request),
      });
      return reply.header('authorization', `Bearer ${session.token}`).send(session);
    },
  );

  app.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        headers: ZAppIdHeaders,
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const appId = request.headers[APP_ID_HEADER];
      if (!(APP_IDS as readonly unknown[]).includes(appId)) {
        throw validationError({ [APP_ID_HEADER]: 'validation.required' }, 'Unknown application.');
      }
      const result = await register(deps, {
        request: request.body,
        language: requestLanguage(request) ?? 'en-US',
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/register/confirm/:token',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        params: ZTokenParams,
        response: { 200: ZSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await confirmRegistration(deps, { token: request.params.token });
      return reply.header('authorization', `Bearer ${session.token}`).send(session);
    },
  );

  app.put(
    '/register/token/resend',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: ZResendConfirmationRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resendConfirmation(deps, { email: request.body.email });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forgot_password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: ZForgotPasswordRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await forgotPassword(deps, { email: request.body.email });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reset_password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: ZResetPasswordRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, { request: request.body });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/update_password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        body: ZUpdatePasswordRequest,
        response: { 200: ZUpdatePasswordResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await updatePassword(deps, {
        userId: request.auth.userId,
        request: request.body,
      });
      return reply.header('authorization', `Bearer ${result.token}`).send(result);
    },
  );
};
