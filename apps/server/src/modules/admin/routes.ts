import {
  ZAdminCreditNoteRequest,
  ZAdminCustomPriceRequest,
  ZAdminInvoiceParams,
  ZInvoice,
  ZInvoicesResponse,
  ZAdminPrice,
  ZAdminProductsQuery,
  ZAdminProductsResponse,
  ZAdminPromotionCode,
  ZAdminPromotionCodeRequest,
  ZAdminRegisterUserRequest,
  ZAdminSubscriptionRequest,
  ZSubscription,
  ZSubscriptionsResponse,
  ZAdminUser,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZErrorResponse,
  ZIdParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import {
  createCustomPrice,
  createPendingSubscription,
  creditUserInvoice,
  createPromotionCode,
  listAdminProducts,
  listPromotionCodes,
  listUserInvoices,
  listUserSubscriptions,
} from '../billing/admin-billing.js';
import { enableUser, listUsers, registerUser } from './service.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** The platform administrator's routes: role 4 only, every one. */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('PLATFORM_ADMIN'));

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errors },
      },
    },
    (request) => listUsers(deps, { query: request.query }),
  );

  app.post(
    '/admin/user/register',
    {
      schema: {
        tags: ['admin'],
        body: ZAdminRegisterUserRequest,
        response: { 201: ZAdminUser, ...errors },
      },
    },
    async (request, reply) => {
      const user = await registerUser(deps, {
        adminId: request.auth.userId,
        request: request.body,
      });
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/admin/user/enable/:id',
    { schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZAdminUser, ...errors } } },
    (request) => enableUser(deps, { userId: request.params.id }),
  );

  app.get(
    '/admin/products',
    {
      schema: {
        tags: ['admin'],
        querystring: ZAdminProductsQuery,
        response: { 200: ZAdminProductsResponse, ...errors },
      },
    },
    (request) => listAdminProducts(deps, { userId: request.query.userId }),
  );

  app.get(
    '/admin/user/:id/subscriptions',
    {
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        response: { 200: ZSubscriptionsResponse, ...errors },
      },
    },
    (request) => listUserSubscriptions(deps, { userId: request.params.id }),
  );

  app.get(
    '/admin/user/:id/invoices',
    {
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        response: { 200: ZInvoicesResponse, ...errors },
      },
    },
    (request) => listUserInvoices(deps, { userId: request.params.id }),
  );

  app.post(
    '/admin/user/:id/invoices/:invoiceId/credit',
    {
      schema: {
        tags: ['admin'],
        params: ZAdminInvoiceParams,
        body: ZAdminCreditNoteRequest,
        response: { 201: ZInvoice, 422: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await creditUserInvoice(deps, {
          userId: request.params.id,
          invoiceId: request.params.invoiceId,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    '/admin/stripe/custom/price',
    {
      schema: {
        tags: ['admin'],
        body: ZAdminCustomPriceRequest,
        response: { 201: ZAdminPrice, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCustomPrice(deps, request.body)),
  );

  app.post(
    '/admin/subscription',
    {
      schema: {
        tags: ['admin'],
        body: ZAdminSubscriptionRequest,
        response: { 201: ZSubscription, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPendingSubscription(deps, request.body)),
  );

  app.get(
    '/admin/promotion_codes',
    { schema: { tags: ['admin'], response: { 200: z.array(ZAdminPromotionCode), ...errors } } },
    () => listPromotionCodes(deps),
  );

  app.post(
    '/admin/promotion_codes',
    {
      schema: {
        tags: ['admin'],
        body: ZAdminPromotionCodeRequest,
        response: { 201: ZAdminPromotionCode, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPromotionCode(deps, request.body)),
  );
};
