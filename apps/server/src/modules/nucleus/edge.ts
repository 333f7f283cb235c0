import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ZErrorResponse } from '@app/contracts';
import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import {
  EDGE_OPERATING_SYSTEMS,
  EDGE_USAGE_PATH,
  EDGE_VERSION,
  ZEdgePackageQuery,
  ZEdgePackageResponse,
  ZEdgePackagesResponse,
  ZEdgeTokenResponse,
  ZEdgeUsageQuery,
  ZEdgeUsageReport,
  ZEdgeUsageResponse,
  type TEdgePackage,
  type TEdgePackageResponse,
  type TEdgeTokenResponse,
  type TEdgeUsageReport,
} from '@app/contracts/nucleus-edge';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';
import { meterAccess } from '../neuron-access/service.js';
import { requireNucleus } from './access.js';
import { edgePackages, type EdgePackage } from './edge-packages.js';
import { signedAddress } from './files.js';
import { findEdgeReport, insertRun, lockTeamRuns } from './repository.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

const TOKEN_PREFIX = 'nte_';
const TOKEN_PATTERN = /^nte_([0-9a-f-]{36})\.([\w-]{43})$/;
const INVALID_TOKEN = 'Invalid or expired token';

const ZStoredToken = z.object({
  tokenHash: z.string(),
  subscriptionId: z.string(),
  createdAt: z.string(),
});

/** Where a team's edge token is kept: its hash only, one per team. */
function tokenKey(teamId: string): string {
  return `nucleus/${teamId}/edge/token.json`;
}

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function readStoredToken(body: Buffer): z.infer<typeof ZStoredToken> | undefined {
  try {
    return ZStoredToken.safeParse(JSON.parse(body.toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

function listed(item: EdgePackage): TEdgePackage {
  const { opsys, version, fileName, sizeBytes, sha256 } = item;
  return { opsys, version, fileName, sizeBytes, sha256 };
}

/** GET edge/packages: every operating system's package of the current version. */
export async function listEdgePackages(deps: Deps): Promise<TEdgePackage[]> {
  return (await edgePackages(deps.storage)).map(listed);
}

/**
 * GET edge/package?opsys&version: a signed address of one package, as run data is served.
 * An operating system or version there is no package of is 404 EDGE_PACKAGE_NOT_FOUND, naming
 * the ones there are.
 */
export async function getEdgePackage(
  deps: Deps,
  options: { opsys: string; version?: string | undefined },
): Promise<TEdgePackageResponse> {
  const version = options.version ?? EDGE_VERSION;
  const packages = await edgePackages(deps.storage);
  const found = packages.find(
    (candidate) => candidate.opsys === options.opsys && candidate.version === version,
  );
  if (!found) {
    const systems = EDGE_OPERATING_SYSTEMS.join(', ');
    throw new AppError('EDGE_PACKAGE_NOT_FOUND', {
      message: `There is no edge package for ${options.opsys} ${version}: the operating systems are ${systems} and the versions ${EDGE_VERSION}.`,
    });
  }
  const address = await signedAddress(deps, (expiresInSeconds) =>
    deps.storage.signedUrl(found.key, { expiresInSeconds }),
  );
  return { ...listed(found), ...address };
}

/**
 * PUT edge/token/refresh: a new edge token for the team's Nucleus subscription, shown once
 * (only its hash is stored); the previous one stops working at once.
 */
export async function refreshEdgeToken(
  deps: Deps,
  options: { access: SubscriptionAccess },
): Promise<TEdgeTokenResponse> {
  const { teamId, subscriptionId } = options.access;
  const token = `${TOKEN_PREFIX}${teamId}.${randomBytes(32).toString('base64url')}`;
  const createdAt = deps.clock.now().toISOString();
  const stored = { tokenHash: hashToken(token).toString('hex'), subscriptionId, createdAt };
  await deps.storage.put(tokenKey(teamId), Buffer.from(JSON.stringify(stored)), 'application/json');
  return { token, usageUrl: `${deps.config.publicUrl}${EDGE_USAGE_PATH}`, createdAt };
}

/** The team's active Nucleus subscription an edge token stands for; 401 otherwise. */
async function requireEdgeToken(
  deps: Deps,
  token: string | undefined,
): Promise<SubscriptionAccess> {
  const teamId = token === undefined ? undefined : TOKEN_PATTERN.exec(token)?.[1];
  const file = teamId === undefined ? undefined : await deps.storage.get(tokenKey(teamId));
  const stored = file && readStoredToken(file.body);
  const expected = stored ? Buffer.from(stored.tokenHash, 'hex') : undefined;
  const given = token === undefined ? undefined : hashToken(token);
  const isMatch =
    expected !== undefined &&
    given !== undefined &&
    expected.length === given.length &&
    timingSafeEqual(expected, given);
  const access =
    isMatch && teamId !== undefined
      ? await getActiveAccess(deps, { teamId, neuronId: NUCLEUS_NEURON })
      : undefined;
  if (!access || access.subscriptionId !== stored?.subscriptionId) {
    throw new AppError('UNAUTHORIZED', { message: INVALID_TOKEN });
  }
  return access;
}

/**
 * The report as a DONE run of kind EDGE, so the month's runs and rows of the plan count it;
 * answers false when its id was recorded before (a report sent again after its answer was lost).
 */
async function recordEdgeRun(
  deps: Deps,
  options: { teamId: string; report: TEdgeUsageReport },
): Promise<boolean> {
  const { teamId, report } = options;
  return deps.db.transaction(async (tx) => {
    await lockTeamRuns(tx, teamId);
    if (report.reportId && (await findEdgeReport(tx, teamId, report.reportId))) return false;
    const now = deps.clock.now();
    await insertRun(tx, teamId, {
      kind: 'EDGE',
      status: 'DONE',
      progress: 100,
      fileName: `edge ${report.command} (${report.version})`,
      format: 'edge',
      algorithm: report.algorithm,
      numRows: report.rows,
      sourceRunId: report.reportId ?? null,
      createdAt: now,
      queuedAt: now,
      finishedAt: now,
    });
    return true;
  });
}

/**
 * POST /v1/sinteza/edge/usage?token=: what an edge command did, recorded as a call of the
 * team's Nucleus meter (statistics and logs) with its rows as units, and as an EDGE run that
 * counts against the plan's runs and rows a month. The data is already made on the customer's
 * machine, so a report past the plan's limits is still recorded (the platform's next run is
 * the one refused). A report id seen before is answered without counting it again.
 */
export async function recordEdgeUsage(
  deps: Deps,
  options: { token: string | undefined; report: TEdgeUsageReport },
): Promise<{ recorded: true; rows: number }> {
  const access = await requireEdgeToken(deps, options.token);
  const { report } = options;
  const isNew = await recordEdgeRun(deps, { teamId: access.teamId, report });
  if (!isNew) return { recorded: true, rows: report.rows };
  return meterAccess(deps, {
    access,
    endpoint: `EDGE ${report.command} ${report.algorithm} (${report.version})`,
    run: () =>
      Promise.resolve({
        result: { recorded: true as const, rows: report.rows },
        statusCode: 200,
        units: report.rows,
      }),
  });
}

/** The web app's edge calls under /api/sinteza/edge (registered by the Nucleus routes). */
export const edgeRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['nucleus'];
  const subscribed = async (request: FastifyRequest) => {
    await requireNucleus(deps, request.auth);
  };

  app.get(
    '/sinteza/edge/packages',
    {
      preHandler: subscribed,
      schema: { tags, response: { 200: ZEdgePackagesResponse, ...errors } },
    },
    () => listEdgePackages(deps),
  );

  app.get(
    '/sinteza/edge/package',
    {
      preHandler: subscribed,
      schema: {
        tags,
        querystring: ZEdgePackageQuery,
        response: { 200: ZEdgePackageResponse, ...errors },
      },
    },
    (request) => getEdgePackage(deps, request.query),
  );

  app.put(
    '/sinteza/edge/token/refresh',
    {
      preHandler: requireRole('OWNER', 'ADMIN'),
      schema: { tags, response: { 200: ZEdgeTokenResponse, ...errors } },
    },
    async (request) => refreshEdgeToken(deps, { access: await requireNucleus(deps, request.auth) }),
  );
};

/** The edge command line's usage report, with the edge token and no session. */
export const edgeUsageRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    EDGE_USAGE_PATH,
    {
      schema: {
        tags: [NUCLEUS_NEURON],
        summary: 'Reports what an edge command did (no data): metered to the team, rows as units',
        querystring: ZEdgeUsageQuery,
        body: ZEdgeUsageReport,
        response: {
          200: ZEdgeUsageResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    (request) => recordEdgeUsage(deps, { token: request.query.token, report: request.body }),
  );
};
