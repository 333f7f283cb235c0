import {
  LOADER_MULTIPART_MAX_BYTES,
  ZDatasetIdParams,
  ZDatasetPrice,
  ZErrorResponse,
  ZInstance,
  ZInstanceParams,
  ZInstancesResponse,
  ZLoaderDatasetRequest,
  ZLoaderUploadUrlQuery,
  ZLoaderUploadUrlResponse,
  ZMyDataset,
  ZMyDatasetsQuery,
  ZMyDatasetsResponse,
  ZPublishRequest,
  ZRelationsRequest,
  ZSellerMetrics,
  ZUpdateInstanceRequest,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { documentedMultipart, takeUploadedFile } from '../../platform/uploads.js';
import {
  getMyDataset,
  getSellerMetrics,
  listMyDatasets,
  setDatasetPrice,
  setDatasetPublished,
} from './axon.js';
import {
  cancelInstance,
  confirmInstance,
  confirmInstanceUpload,
  createInstanceUploadUrl,
  createLoaderDataset,
  getInstance,
  listInstances,
  PROFILE_JOB,
  reviewInstance,
  setRelations,
  uploadInstanceFile,
} from './loader.js';
import { runProfileJob, ZProfileJobPayload } from './profile-job.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
};

/**
 * The dataset loader (spec 001 §7) and Axon, a team's own data, under /api: reading them is
 * for any member of the team; writing for its owner or administrator. Another team's dataset
 * or instance is 404. Profiling runs as a job on the durable queue.
 */
export const loaderRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(PROFILE_JOB, (payload) =>
    runProfileJob(deps, ZProfileJobPayload.parse(payload)),
  );
  const tags = ['dataverse-loader'];
  const writer = requireRole('OWNER', 'ADMIN');
  const dataset = (request: FastifyRequest) => ({
    teamId: request.auth.teamId,
    datasetId: (request.params as { id: string }).id,
  });
  const instance = (request: FastifyRequest) => ({
    ...dataset(request),
    instanceId: (request.params as { inst: string }).inst,
  });

  app.post(
    '/loader/dataset',
    {
      preHandler: writer,
      schema: { tags, body: ZLoaderDatasetRequest, response: { 201: ZMyDataset, ...errors } },
    },
    async (request, reply) => {
      const { teamId } = request.auth;
      const created = await createLoaderDataset(deps, { teamId, request: request.body });
      return reply.status(201).send(await getMyDataset(deps, { teamId, datasetId: created.id }));
    },
  );

  app.post(
    '/loader/dataset/:id/instance/url',
    {
      preHandler: writer,
      schema: {
        tags,
        params: ZDatasetIdParams,
        querystring: ZLoaderUploadUrlQuery,
        response: { 201: ZLoaderUploadUrlResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createInstanceUploadUrl(deps, {
          ...dataset(request),
          fileName: request.query.fileName,
        }),
      ),
  );

  app.post(
    '/loader/dataset/:id/instance',
    {
      preHandler: writer,
      config: documentedMultipart({ file: 'file' }),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: ZDatasetIdParams,
        response: { 202: ZInstance, ...errors },
      },
    },
    async (request, reply) => {
      const file = await takeUploadedFile(request, {
        maxBytes: LOADER_MULTIPART_MAX_BYTES,
        tooLarge: () =>
          new AppError('PAYLOAD_TOO_LARGE', {
            message: `The file is larger than ${String(LOADER_MULTIPART_MAX_BYTES / 1024 / 1024)} MB: upload it through a signed address.`,
          }),
      });
      return reply.status(202).send(await uploadInstanceFile(deps, { ...dataset(request), file }));
    },
  );

  app.get(
    '/axon/datasets/:id',
    { schema: { tags, params: ZDatasetIdParams, response: { 200: ZMyDataset, ...errors } } },
    (request) => getMyDataset(deps, dataset(request)),
  );

  app.get(
    '/loader/dataset/:id/instances',
    {
      schema: { tags, params: ZDatasetIdParams, response: { 200: ZInstancesResponse, ...errors } },
    },
    (request) => listInstances(deps, dataset(request)),
  );

  app.get(
    '/loader/dataset/:id/instance/:inst',
    { schema: { tags, params: ZInstanceParams, response: { 200: ZInstance, ...errors } } },
    (request) => getInstance(deps, instance(request)),
  );

  app.put(
    '/loader/dataset/:id/instance/:inst/url/confirm',
    {
      preHandler: writer,
      schema: { tags, params: ZInstanceParams, response: { 202: ZInstance, ...errors } },
    },
    async (request, reply) =>
      reply.status(202).send(await confirmInstanceUpload(deps, instance(request))),
  );

  app.put(
    '/loader/dataset/:id/instance/:inst',
    {
      preHandler: writer,
      schema: {
        tags,
        params: ZInstanceParams,
        body: ZUpdateInstanceRequest,
        response: { 200: ZInstance, ...errors },
      },
    },
    (request) => reviewInstance(deps, { ...instance(request), request: request.body }),
  );

  app.post(
    '/loader/dataset/:id/instance/:inst/confirm',
    {
      preHandler: writer,
      schema: { tags, params: ZInstanceParams, response: { 200: ZInstance, ...errors } },
    },
    (request) => confirmInstance(deps, instance(request)),
  );

  app.post(
    '/loader/dataset/:id/instance/:inst/cancel',
    {
      preHandler: writer,
      schema: { tags, params: ZInstanceParams, response: { 200: ZInstance, ...errors } },
    },
    (request) => cancelInstance(deps, instance(request)),
  );

  app.post(
    '/loader/relations',
    {
      preHandler: writer,
      schema: { tags, body: ZRelationsRequest, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await setRelations(deps, { teamId: request.auth.teamId, request: request.body });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/loader/dataset/:id/price',
    {
      preHandler: writer,
      schema: {
        tags,
        params: ZDatasetIdParams,
        body: ZDatasetPrice,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await setDatasetPrice(deps, { ...dataset(request), price: request.body });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/loader/dataset/:id/publish',
    {
      preHandler: writer,
      schema: {
        tags,
        params: ZDatasetIdParams,
        body: ZPublishRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await setDatasetPublished(deps, {
        ...dataset(request),
        isPublished: request.body.isPublished,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/axon/datasets',
    { schema: { tags, querystring: ZMyDatasetsQuery, response: { 200: ZMyDatasetsResponse } } },
    (request) => listMyDatasets(deps, { teamId: request.auth.teamId, ...request.query }),
  );

  app.get(
    '/axon/metrics',
    { schema: { tags, response: { 200: ZSellerMetrics, ...errors } } },
    (request) => getSellerMetrics(deps, { teamId: request.auth.teamId }),
  );
};
