import { ZErrorResponse } from '@app/contracts';
import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { meterCall } from '../neuron-access/service.js';
import { getTeamOwner } from '../users/service.js';

/** Where the web app's Sinteza calls live, and where the token API serves them again. */
const WEB_PREFIX = '/api/sinteza/';
export const SINTEZA_TOKEN_API_PREFIX = '/v1/sinteza/';

/**
 * Calls of the web app a program holding the API token does not make: they manage credentials
 * or buy a plan.
 */
export const SINTEZA_WEB_ONLY = new Set([
  'PUT /api/sinteza/edge/token/refresh',
  'POST /api/sinteza/token/refresh/:id',
  'POST /api/sinteza/free',
  'POST /api/sinteza/subscribe',
  'PUT /api/sinteza/subscribe',
]);

/**
 * What each operation does, for the OpenAPI document (`GET /microservice/swagger/Nucleus`); a
 * route not named here keeps its own schema's summary (the document's test wants one).
 */
const SUMMARIES: Record<string, string> = {
  'GET /sinteza/algorithms': 'The synthesis algorithms with their parameters explained',
  'GET /sinteza/limits': "The plan's limits: rows and columns per run, runs and rows a month, jobs",
  'GET /sinteza/usage/statistics':
    'Runs and rows this month against the plan, jobs running, per day of the month and per month of the year',
  'POST /sinteza/run/url':
    'A draft run and the signed address to PUT its file (CSV, XLSX, XLS, Parquet) to',
  'PUT /sinteza/run/{id}/url/confirm': 'Reads the uploaded file and answers its profile',
  'PUT /sinteza/run/{id}/url/cancel': 'Deletes a draft run and its uploaded file',
  'POST /sinteza/dataprofiling': "A confirmed upload's profile: types, missing values, keys, PII",
  'POST /sinteza/synthesize': 'Queues a synthesis run of a confirmed upload (a job)',
  'POST /sinteza/generate': "More rows from a finished run's model, as a new run",
  'POST /sinteza/synthesize/relational':
    'Queues a relational run of several confirmed uploads linked by their keys (a job)',
  'GET /sinteza/runs':
    'The team’s runs, newest first, paged, by status, algorithm, kind and creation time',
  'GET /sinteza/run/{id}': 'One run: status, progress, algorithm, rows, dates',
  'GET /sinteza/run/{id}/generate/status': "A run's status and progress",
  'GET /sinteza/run/{id}/logs': "A run's log",
  'GET /sinteza/run/{id}/report': "A finished run's quality and privacy report",
  'GET /sinteza/run/{id}/data': "A signed download address of a finished run's rows in a format",
  'PUT /sinteza/run/{id}/change/format':
    "A signed download address of a finished run's rows in another format",
  'PUT /sinteza/run/{id}/cancel': 'Cancels a queued or running run',
  'DELETE /sinteza/run/{id}': 'Deletes a run with its files',
  'GET /sinteza/edge/packages': 'The edge packages: operating system, version, file, size, SHA-256',
  'GET /sinteza/edge/package': 'A signed download address of the edge package of an OS and version',
  'GET /sinteza/plans': 'Lists the Nucleus plans on sale with their limits and prices',
  'GET /sinteza/currentplan': 'Shows the team’s Nucleus plan and subscription',
};

/**
 * Every token call answers with the same refusals as the web app's, and 429 once the plan's
 * calls of the month are used.
 */
const TOKEN_ERRORS = { 401: ZErrorResponse, 429: ZErrorResponse };
const ZTokenQuery = z.object({
  token: z.string().max(200).optional().describe('The Nucleus subscription’s access token'),
});

type Handler = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;
type PreHandler = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD',
  );
}

/** `/api/sinteza/run/:id` as the OpenAPI document names it, without the API's prefix. */
function operationKey(method: string, url: string): string {
  return `${method} ${url.slice('/api'.length).replace(/:(\w+)/g, '{$1}')}`;
}

function tokenSchema(schema: FastifySchema | undefined, key: string): FastifySchema {
  const querystring = schema?.querystring;
  return {
    ...schema,
    tags: [NUCLEUS_NEURON],
    summary: SUMMARIES[key] ?? schema?.summary,
    querystring:
      querystring instanceof z.ZodObject ? querystring.extend(ZTokenQuery.shape) : ZTokenQuery,
    response: { ...(schema?.response as object | undefined), ...TOKEN_ERRORS },
  };
}

/**
 * A token call acts for the subscription's team as its owner, who holds the subscription: the
 * handlers read the team (and any user they record) from `request.auth` as for a session.
 */
async function tokenCaller(deps: Deps, access: SubscriptionAccess): Promise<AuthContext> {
  const owner = await getTeamOwner(deps.db, access.teamId);
  if (!owner?.enabled) throw new AppError('UNAUTHORIZED', { message: 'Invalid or expired token' });
  return {
    userId: owner.id,
    teamId: owner.teamId,
    email: owner.email,
    roles: owner.roles,
    user: owner,
  };
}

/**
 * Rows a call set going: a call that starts a run (202 with the run) meters the rows it asked
 * for, so the neuron's statistics count calls and rows; every other call meters none.
 */
function rowsStarted(statusCode: number, payload: unknown): number {
  if (statusCode !== 202 || typeof payload !== 'object' || payload === null) return 0;
  const rows = (payload as { numRows?: unknown }).numRows;
  return typeof rows === 'number' ? rows : 0;
}

/** What a handler answered, whether it returned it or sent it itself with a status. */
function recordSent(reply: FastifyReply): () => unknown {
  let sent: unknown;
  const send = reply.send.bind(reply);
  reply.send = (payload?: unknown) => {
    sent = payload;
    return send(payload);
  };
  return () => sent;
}

/**
 * The Sinteza token API: every call the web app makes under /api/sinteza, served again under
 * /v1/sinteza for a program holding the Nucleus subscription's access token (`?token=`). Each
 * is the web route's own schema, pre-handlers and handler, behind the neuron's token check and
 * call meter instead of a session; so a new Sinteza route is in the token API and its OpenAPI
 * document without a line here.
 *
 * `collect` is an `onRoute` hook added before the /api routes are registered; `routes` is the
 * plugin registered after them.
 */
export function createSintezaTokenApi() {
  const collected: RouteOptions[] = [];

  function collect(route: RouteOptions): void {
    if (!route.url.startsWith(WEB_PREFIX)) return;
    if (route.onRequest || route.preValidation || route.preParsing) {
      throw new Error(`${route.url}: the Sinteza token API mirrors only preHandler hooks`);
    }
    if ([route.preHandler ?? []].flat().some((hook) => hook.length > 2)) {
      throw new Error(`${route.url}: the Sinteza token API awaits async preHandlers only`);
    }
    collected.push(route);
  }

  const routes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
    for (const route of collected) {
      for (const method of methodsOf(route)) {
        if (SINTEZA_WEB_ONLY.has(`${method} ${route.url}`)) continue;
        const url = `${SINTEZA_TOKEN_API_PREFIX}${route.url.slice(WEB_PREFIX.length)}`;
        const preHandlers = [route.preHandler ?? []].flat() as PreHandler[];
        const handler = route.handler as Handler;
        app.route({
          method,
          url,
          schema: tokenSchema(route.schema, operationKey(method, route.url)),
          ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
          ...(route.config === undefined ? {} : { config: route.config }),
          async handler(request, reply) {
            const { token } = request.query as { token?: string };
            return meterCall(deps, {
              token,
              neuronId: NUCLEUS_NEURON,
              endpoint: `${method} ${url}`,
              run: async (access) => {
                request.auth = await tokenCaller(deps, access);
                for (const preHandler of preHandlers) await preHandler.call(this, request, reply);
                const sent = recordSent(reply);
                // A handler that sends its answer returns the reply, a thenable: awaited, it is
                // undefined and the answer is what was sent.
                const returned = await handler.call(this, request, reply);
                const payload = reply.sent ? sent() : returned;
                const units = rowsStarted(reply.statusCode, payload);
                return { result: returned, statusCode: reply.statusCode, units };
              },
            });
          },
        });
      }
    }
  };

  return { collect, routes };
}
