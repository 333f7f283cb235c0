import {
  type Language,
  ZCreateDomainRequest,
  ZDatasetEntry,
  ZDatasetIdParams,
  ZDatasetsQuery,
  ZDatasetsResponse,
  ZDataverseLanguageQuery,
  ZDimensionCodeParams,
  ZDimensionResponse,
  ZDimensionsResponse,
  ZDomain,
  ZDomelIdParams,
  ZErrorResponse,
  ZUpdateDomainRequest,
  ZVendorsResponse,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { requestLanguage } from '../../platform/request-language.js';
import { deleteDataset, deleteFamily, getDatasetEntry, searchCatalogue } from './datasets.js';
import { createDomain, getDimension, listDimensions, updateDomain } from './dimensions.js';
import { loaderRoutes } from './loader-routes.js';
import { findVisibleProviders } from './repository.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** `?lang=` when given, otherwise the Accept-Language the web app sends. */
function language(request: FastifyRequest, lang: Language | undefined): Language {
  return lang ?? requestLanguage(request);
}

/**
 * Dataverse calls of the web app (spec 001 §7), under /api: reference data, the catalogue
 * and a dataset's details for any signed-in member; deleting for the owning team's owner or
 * administrator; editing reference data for the platform administrator.
 */
export const dataverseRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);
  await app.register(loaderRoutes, { deps });
  const tags = ['dataverse'];

  app.get(
    '/dimensions/',
    {
      schema: {
        tags,
        querystring: ZDataverseLanguageQuery,
        response: { 200: ZDimensionsResponse, ...errors },
      },
    },
    (request) => listDimensions(deps, { language: language(request, request.query.lang) }),
  );

  app.get(
    '/dimension/code/:code',
    {
      schema: {
        tags,
        params: ZDimensionCodeParams,
        querystring: ZDataverseLanguageQuery,
        response: { 200: ZDimensionResponse, ...errors },
      },
    },
    (request) =>
      getDimension(deps, {
        code: request.params.code,
        language: language(request, request.query.lang),
      }),
  );

  app.post(
    '/dataverse/domain/',
    {
      preHandler: requireRole('PLATFORM_ADMIN'),
      schema: { tags, body: ZCreateDomainRequest, response: { 201: ZDomain, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createDomain(deps, request.body)),
  );

  app.put(
    '/domain/:domelId',
    {
      preHandler: requireRole('PLATFORM_ADMIN'),
      schema: {
        tags,
        params: ZDomelIdParams,
        body: ZUpdateDomainRequest,
        response: { 200: ZDomain, ...errors },
      },
    },
    (request) => updateDomain(deps, { domelId: request.params.domelId, ...request.body }),
  );

  app.get(
    '/dataverse/datasets',
    {
      schema: {
        tags,
        querystring: ZDatasetsQuery,
        response: { 200: ZDatasetsResponse, ...errors },
      },
    },
    (request) =>
      searchCatalogue(deps, {
        teamId: request.auth.teamId,
        query: request.query,
        language: language(request, request.query.lang),
      }),
  );

  app.get(
    '/dataverse/vendors',
    { schema: { tags, response: { 200: ZVendorsResponse, ...errors } } },
    (request) => findVisibleProviders(deps.db, request.auth.teamId),
  );

  app.get(
    '/dataset/:id',
    {
      schema: {
        tags,
        params: ZDatasetIdParams,
        querystring: ZDataverseLanguageQuery,
        response: { 200: ZDatasetEntry, ...errors },
      },
    },
    (request) =>
      getDatasetEntry(deps, {
        teamId: request.auth.teamId,
        datasetId: request.params.id,
        language: language(request, request.query.lang),
      }),
  );

  app.delete(
    '/dataset/:id',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: { tags, params: ZDatasetIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteDataset(deps, { teamId: request.auth.teamId, datasetId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/dataset/family/:id',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: { tags, params: ZDatasetIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteFamily(deps, { teamId: request.auth.teamId, familyId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
