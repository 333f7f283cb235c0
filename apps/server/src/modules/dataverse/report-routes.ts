import {
  ZDatasetIdParams,
  ZDatasetReportQuery,
  ZDatasetReportResponse,
  ZErrorResponse,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { REPORT_FILES_PATH, sendDownload } from './download-links.js';
import {
  buildReport,
  getDatasetReport,
  openReportFile,
  REPORT_JOB,
  ZReportJobPayload,
} from './report.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

const ZReportFileParams = z.object({
  dsiId: z.uuid({ error: 'validation.invalid' }),
  teamId: z.uuid({ error: 'validation.invalid' }),
});
const ZSignedQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});

/**
 * A version's report (spec 001 §7 `dataset/{id}/report`): any team that sees the dataset asks
 * for it; a job builds it the first time; a signed address serves it.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  deps.jobs.register(REPORT_JOB, (payload) => buildReport(deps, ZReportJobPayload.parse(payload)));
  const tags = ['dataverse'];

  // A signed address is its own credential (a browser download sends no Authorization).
  app.get(
    `${REPORT_FILES_PATH}/:dsiId/:teamId`,
    { schema: { tags, params: ZReportFileParams, querystring: ZSignedQuery } },
    async (request, reply) => {
      const file = await openReportFile(deps, { ...request.params, ...request.query });
      return sendDownload(reply, { ...file, contentType: 'text/html; charset=utf-8' });
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
  app.get(
    '/dataset/:id/report',
    {
      schema: {
        tags: ['dataverse'],
        params: ZDatasetIdParams,
        querystring: ZDatasetReportQuery,
        response: { 200: ZDatasetReportResponse, 202: ZDatasetReportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const report = await getDatasetReport(deps, {
        teamId: request.auth.teamId,
        datasetId: request.params.id,
        dsiId: request.query.dsiId,
      });
      return reply.status(report.status === 'READY' ? 200 : 202).send(report);
    },
  );
};
