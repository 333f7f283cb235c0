import { ZErrorResponse } from '@app/contracts';
import {
  ZAlgorithmsResponse,
  ZChangeFormatRequest,
  ZDataProfile,
  ZDataQuery,
  ZDataResponse,
  ZGenerateQuery,
  ZGenerationStatus,
  ZLimitsResponse,
  ZRun,
  ZRunIdParams,
  ZDataProfilingRequest,
  ZRunLogsResponse,
  ZReportQuery,
  ZRunReport,
  ZRunsQuery,
  ZRunsResponse,
  ZSynthesizeRelationalRequest,
  ZSynthesizeRequest,
  ZUploadUrlQuery,
  ZUploadUrlResponse,
  ZUsageStatistics,
} from '@app/contracts/nucleus';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { requireNucleus } from './access.js';
import { edgeRoutes } from './edge.js';
import { nucleusSubscriptionRoutes } from './subscription-routes.js';
import { getLimits, getUsageStatistics } from './limits.js';
import { SYNTHESIS_JOB, recoverInterruptedRuns, runSynthesisJob } from './run-job.js';
import {
  cancelRun,
  deleteRunWithFiles,
  generate,
  getGenerationStatus,
  getRun,
  getRunData,
  getRunLogs,
  getRunReport,
  listAlgorithms,
  listRuns,
  synthesize,
  synthesizeRelational,
} from './runs.js';
import { cancelUpload, confirmUpload, createUploadUrl, getDataProfile } from './uploads.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  422: ZErrorResponse,
  503: ZErrorResponse,
};

const ZJobPayload = z.object({
  teamId: z.uuid(),
  runId: z.uuid(),
  attempt: z.number().int().min(1),
});

/**
 * Nucleus (Sinteza) calls of the web app (spec 001 §7), under /api/sinteza. Every call but the
 * algorithm list needs the team's Nucleus subscription (402 otherwise; the free plan is one);
 * any role of the team may use the module. Runs are jobs on the durable queue.
 */
export const nucleusRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(SYNTHESIS_JOB, (payload) => runSynthesisJob(deps, ZJobPayload.parse(payload)));
  deps.jobs.registerRecovery(() => recoverInterruptedRuns(deps));

  app.addHook('preHandler', app.authenticate);
  await app.register(edgeRoutes, { deps });
  await app.register(nucleusSubscriptionRoutes, { deps });
  const tags = ['nucleus'];
  const subscribed = async (request: FastifyRequest) => {
    await requireNucleus(deps, request.auth);
  };
  const team = (request: FastifyRequest) => ({ teamId: request.auth.teamId });
  /** The run of a `:id` route (the params schema checked it is a uuid). */
  const run = (request: FastifyRequest) => ({
    teamId: request.auth.teamId,
    runId: (request.params as { id: string }).id,
  });

  app.get(
    '/sinteza/algorithms',
    { schema: { tags, response: { 200: ZAlgorithmsResponse, ...errors } } },
    () => listAlgorithms(),
  );

  app.get(
    '/sinteza/limits',
    { schema: { tags, response: { 200: ZLimitsResponse, ...errors } } },
    async (request) => getLimits(await requireNucleus(deps, request.auth)),
  );

  app.get(
    '/sinteza/usage/statistics',
    { schema: { tags, response: { 200: ZUsageStatistics, ...errors } } },
    async (request) =>
      getUsageStatistics(deps, { access: await requireNucleus(deps, request.auth) }),
  );

  app.post(
    '/sinteza/run/url',
    {
      preHandler: subscribed,
      schema: {
        tags,
        querystring: ZUploadUrlQuery,
        response: { 201: ZUploadUrlResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createUploadUrl(deps, { ...team(request), fileName: request.query.fileName })),
  );

  app.put(
    '/sinteza/run/:id/url/confirm',
    {
      preHandler: subscribed,
      schema: { tags, params: ZRunIdParams, response: { 200: ZDataProfile, ...errors } },
    },
    (request) => confirmUpload(deps, run(request)),
  );

  app.put(
    '/sinteza/run/:id/url/cancel',
    { preHandler: subscribed, schema: { tags, params: ZRunIdParams } },
    async (request, reply) => {
      await cancelUpload(deps, run(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/sinteza/dataprofiling',
    {
      preHandler: subscribed,
      schema: { tags, body: ZDataProfilingRequest, response: { 200: ZDataProfile, ...errors } },
    },
    (request) => getDataProfile(deps, { ...team(request), runId: request.body.runId }),
  );

  app.post(
    '/sinteza/synthesize',
    { schema: { tags, body: ZSynthesizeRequest, response: { 202: ZRun, ...errors } } },
    async (request, reply) => {
      const access = await requireNucleus(deps, request.auth);
      return reply.status(202).send(await synthesize(deps, { access, request: request.body }));
    },
  );

  app.post(
    '/sinteza/synthesize/relational',
    {
      schema: { tags, body: ZSynthesizeRelationalRequest, response: { 202: ZRun, ...errors } },
    },
    async (request, reply) => {
      const access = await requireNucleus(deps, request.auth);
      const run = await synthesizeRelational(deps, { access, request: request.body });
      return reply.status(202).send(run);
    },
  );

  app.post(
    '/sinteza/generate',
    { schema: { tags, querystring: ZGenerateQuery, response: { 202: ZRun, ...errors } } },
    async (request, reply) => {
      const access = await requireNucleus(deps, request.auth);
      const { runId, numRows, scale } = request.query;
      return reply.status(202).send(await generate(deps, { access, runId, numRows, scale }));
    },
  );

  app.get(
    '/sinteza/runs',
    {
      preHandler: subscribed,
      schema: { tags, querystring: ZRunsQuery, response: { 200: ZRunsResponse, ...errors } },
    },
    (request) => listRuns(deps, { ...team(request), ...request.query }),
  );

  app.get(
    '/sinteza/run/:id',
    {
      preHandler: subscribed,
      schema: { tags, params: ZRunIdParams, response: { 200: ZRun, ...errors } },
    },
    (request) => getRun(deps, run(request)),
  );

  app.get(
    '/sinteza/run/:id/generate/status',
    {
      preHandler: subscribed,
      schema: { tags, params: ZRunIdParams, response: { 200: ZGenerationStatus, ...errors } },
    },
    (request) => getGenerationStatus(deps, run(request)),
  );

  app.get(
    '/sinteza/run/:id/logs',
    {
      preHandler: subscribed,
      schema: { tags, params: ZRunIdParams, response: { 200: ZRunLogsResponse, ...errors } },
    },
    (request) => getRunLogs(deps, run(request)),
  );

  app.get(
    '/sinteza/run/:id/report',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZRunIdParams,
        querystring: ZReportQuery,
        response: { 200: ZRunReport, ...errors },
      },
    },
    (request) => getRunReport(deps, { ...run(request), table: request.query.table }),
  );

  app.get(
    '/sinteza/run/:id/data',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZRunIdParams,
        querystring: ZDataQuery,
        response: { 200: ZDataResponse, ...errors },
      },
    },
    (request) => getRunData(deps, { ...run(request), ...request.query }),
  );

  app.put(
    '/sinteza/run/:id/change/format',
    {
      preHandler: subscribed,
      schema: {
        tags,
        params: ZRunIdParams,
        body: ZChangeFormatRequest,
        response: { 200: ZDataResponse, ...errors },
      },
    },
    (request) => getRunData(deps, { ...run(request), ...request.body }),
  );

  app.put(
    '/sinteza/run/:id/cancel',
    {
      preHandler: subscribed,
      schema: { tags, params: ZRunIdParams, response: { 200: ZRun, ...errors } },
    },
    (request) => cancelRun(deps, run(request)),
  );

  app.delete(
    '/sinteza/run/:id',
    { preHandler: subscribed, schema: { tags, params: ZRunIdParams } },
    async (request, reply) => {
      await deleteRunWithFiles(deps, run(request));
      return reply.status(204).send();
    },
  );
};
