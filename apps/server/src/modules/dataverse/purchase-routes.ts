import {
  DOWNLOAD_FORMATS,
  ZDatasetIdParams,
  ZDownloadQuery,
  ZDownloadResponse,
  ZErrorResponse,
  ZIdParams,
  ZPayPurchaseRequest,
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
  getDatasetDownload,
  getPurchaseDownload,
  openPurchaseFile,
  deliverPurchase,
} from './delivery.js';
import { PURCHASE_FILES_PATH, sendDownload } from './download-links.js';
import {
  DELIVER_PURCHASE_JOB,
  EXPIRE_PURCHASE_JOB,
  expirePurchase,
  getPurchase,
  listPurchases,
  listSales,
  payPurchase,
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
const ZFileParams = z.object({
  purchaseId: z.uuid({ error: 'validation.invalid' }),
  format: z.enum(DOWNLOAD_FORMATS, { error: 'validation.invalid' }),
});
const ZSignedQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});

/**
 * Buying datasets (spec 001 §7 `dataverse/purchase/`): paying is for the owner and Admin
 * members, as every payment is; any member reads the team's purchases and downloads them.
 */
export const purchaseRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(EXPIRE_PURCHASE_JOB, (payload) =>
    expirePurchase(deps, ZPurchaseJob.parse(payload)),
  );

  deps.jobs.register(DELIVER_PURCHASE_JOB, (payload) =>
    deliverPurchase(deps, ZPurchaseJob.parse(payload)),
  );
  const tags = ['dataverse'];

  // A signed address is its own credential (a browser download sends no Authorization).
  app.get(
    `${PURCHASE_FILES_PATH}/:purchaseId/:format`,
    {
      schema: {
        tags,
        params: ZFileParams,
        querystring: ZSignedQuery,
      },
    },
    async (request, reply) => {
      const file = await openPurchaseFile(deps, { ...request.params, ...request.query });
      return sendDownload(reply, file);
    },
  );

  await app.register(async (authed) => {
    await signedInRoutes(authed, deps);
  });
};

const signedInRoutes = async (
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: Deps,
): Promise<void> => {
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

  app.post(
    '/dataverse/purchase/:id/pay',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: {
        tags,
        params: ZIdParams,
        body: ZPayPurchaseRequest,
        response: { 200: ZPurchaseResponse, ...errors },
      },
    },
    (request) =>
      payPurchase(deps, {
        teamId: request.auth.teamId,
        purchaseId: request.params.id,
        paymentId: request.body.paymentId,
      }),
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
    '/dataverse/purchase/:id/download',
    {
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZDownloadQuery,
        response: { 200: ZDownloadResponse, ...errors },
      },
    },
    (request) =>
      getPurchaseDownload(deps, {
        teamId: request.auth.teamId,
        purchaseId: request.params.id,
        format: request.query.format,
      }),
  );

  app.get(
    '/dataset/:id/download',
    {
      schema: {
        tags,
        params: ZDatasetIdParams,
        querystring: ZDownloadQuery,
        response: { 200: ZDownloadResponse, ...errors },
      },
    },
    (request) =>
      getDatasetDownload(deps, {
        teamId: request.auth.teamId,
        id: request.params.id,
        format: request.query.format,
      }),
  );

  app.get(
    '/dataverse/sales',
    { schema: { tags, response: { 200: ZSalesResponse, ...errors } } },
    (request) => listSales(deps, { teamId: request.auth.teamId }),
  );
};
