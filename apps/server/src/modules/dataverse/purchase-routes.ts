import {
  ZErrorResponse,
  ZIdParams,
  ZPurchase,
  ZPurchaseRequest,
  ZPurchaseResponse,
  ZPurchasesQuery,
  ZPurchasesResponse,
  ZSalesResponse,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import {
  EXPIRE_PURCHASE_JOB,
  expirePurchase,
  getPurchase,
  listPurchases,
  listSales,
  purchaseDataset,
} from './purchases.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const ZPurchaseJob = z.object({ purchaseId: z.uuid() });

/**
 * Buying datasets (spec 001 §7 `dataverse/purchase/`): paying is for the owner and Admin
 * members, as every payment is; any member reads the team's purchases and downloads them.
 */
export const purchaseRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(EXPIRE_PURCHASE_JOB, (payload) =>
    expirePurchase(deps, ZPurchaseJob.parse(payload)),
  );

  app.addHook('preHandler', app.authenticate);
  const tags = ['dataverse'];

  app.post(
    '/dataverse/purchase/',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: { tags, body: ZPurchaseRequest, response: { 200: ZPurchaseResponse, ...errors } },
    },
    (request) => purchaseDataset(deps, { teamId: request.auth.teamId, request: request.body }),
  );

  app.get(
    '/dataverse/purchase/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZPurchase, ...errors } } },
    (request) => getPurchase(deps, { teamId: request.auth.teamId, purchaseId: request.params.id }),
  );

  app.get(
    '/dataverse/purchases',
    {
      schema: {
        tags,
        querystring: ZPurchasesQuery,
        response: { 200: ZPurchasesResponse, ...errors },
      },
    },
    (request) => listPurchases(deps, { teamId: request.auth.teamId, ...request.query }),
  );

  app.get(
    '/dataverse/sales',
    { schema: { tags, response: { 200: ZSalesResponse, ...errors } } },
    (request) => listSales(deps, { teamId: request.auth.teamId }),
  );
};
