import { createHash, randomBytes } from 'node:crypto';
import type {
  TAccessTokenResponse,
  TUsageLogsResponse,
  TUsageStatisticsResponse,
  UsagePeriod,
} from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { createSecretBox } from '../../platform/secret-box.js';
import {
  getActiveAccess,
  getSubscriptionAccess,
  type SubscriptionAccess,
} from '../billing/subscriptions.js';
import { getNeuronInfo } from '../catalogue/service.js';
import {
  countCallsSince,
  dailyCallTotals,
  findCallsSince,
  findTokenByHash,
  findTokenOfSubscription,
  finishCall,
  insertCall,
  lockSubscription,
  periodCallTotals,
  storeToken,
} from './repository.js';

const TOKEN_PREFIX = 'nrn_';
const LOG_LIMIT = 200;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenBox(deps: Pick<Deps, 'config'>) {
  return createSecretBox({ secret: deps.config.jwtSecret, purpose: 'access-tokens' });
}

async function requireActiveAccess(
  deps: Deps,
  options: { teamId: string; neuronId: string },
): Promise<SubscriptionAccess> {
  const access = await getActiveAccess(deps, options);
  if (!access) {
    throw new AppError('NOT_FOUND', {
      message: 'The team has no active subscription to this neuron.',
    });
  }
  return access;
}

async function issueToken(deps: Deps, access: SubscriptionAccess): Promise<string> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await storeToken(deps.db, {
    teamId: access.teamId,
    subscriptionId: access.subscriptionId,
    neuronId: access.neuronId,
    tokenHash: hashToken(token),
    tokenCiphertext: tokenBox(deps).seal(token),
    createdAt: deps.clock.now(),
  });
  return token;
}

/** The token of the team's active subscription to the neuron, made on first need. */
export async function getAccessToken(
  deps: Deps,
  options: { teamId: string; neuronId: string },
): Promise<TAccessTokenResponse> {
  const { microserviceUrl } = await getNeuronInfo(deps, { neuronId: options.neuronId });
  const access = await requireActiveAccess(deps, options);
  const stored = await findTokenOfSubscription(deps.db, access.teamId, access.subscriptionId);
  const token =
    (stored && tokenBox(deps).open(stored.tokenCiphertext)) ?? (await issueToken(deps, access));
  return { token, microserviceUrl };
}

/** A new token for the subscription; the old one stops working at once. */
export async function refreshAccessToken(
  deps: Deps,
  options: { teamId: string; neuronId: string; subscriptionId: string },
): Promise<TAccessTokenResponse> {
  const { microserviceUrl } = await getNeuronInfo(deps, { neuronId: options.neuronId });
  const access = await requireActiveAccess(deps, options);
  if (access.subscriptionId !== options.subscriptionId) throw new AppError('NOT_FOUND');
  return { token: await issueToken(deps, access), microserviceUrl };
}

function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const INVALID_TOKEN = 'Invalid or expired token';

/** The active subscription a neuron token stands for; 401 "Invalid or expired token" otherwise. */
export async function requireTokenAccess(
  deps: Deps,
  options: { token: string | undefined; neuronId: string },
): Promise<SubscriptionAccess> {
  const stored = options.token
    ? await findTokenByHash(deps.db, hashToken(options.token))
    : undefined;
  const access =
    stored &&
    (await getSubscriptionAccess(deps, {
      teamId: stored.teamId,
      subscriptionId: stored.subscriptionId,
    }));
  if (!access || access.neuronId !== options.neuronId) {
    throw new AppError('UNAUTHORIZED', { message: INVALID_TOKEN });
  }
  return access;
}

/**
 * The token check and call meter every neuron API goes through: resolves the token to its
 * team's active subscription of this neuron, then meters the call (`meterAccess`).
 */
export async function meterCall<T>(
  deps: Deps,
  options: {
    token: string | undefined;
    neuronId: string;
    endpoint: string;
    run: (access: SubscriptionAccess) => Promise<{ result: T; statusCode: number; units: number }>;
  },
): Promise<T> {
  const access = await requireTokenAccess(deps, options);
  return meterAccess(deps, { access, endpoint: options.endpoint, run: options.run });
}

/**
 * The call meter, for a subscription already resolved (from an access token, or another
 * credential of the neuron's own): refuses a call past the plan's monthly limit (429), and
 * records the call with its outcome for the statistics and logs.
 */
export async function meterAccess<T>(
  deps: Deps,
  options: {
    access: SubscriptionAccess;
    endpoint: string;
    run: (access: SubscriptionAccess) => Promise<{ result: T; statusCode: number; units: number }>;
  },
): Promise<T> {
  const { access } = options;
  const now = deps.clock.now();
  const limit = access.plan.callsLimitMonthly;
  const callId = await deps.db.transaction(async (tx) => {
    await lockSubscription(tx, access.teamId, access.subscriptionId);
    const used = await countCallsSince(tx, {
      teamId: access.teamId,
      neuronId: access.neuronId,
      since: startOfMonth(now),
    });
    const isOverLimit = limit !== null && used >= limit;
    const id = await insertCall(tx, {
      teamId: access.teamId,
      neuronId: access.neuronId,
      subscriptionId: access.subscriptionId,
      endpoint: options.endpoint,
      statusCode: isOverLimit ? 429 : 102,
      durationMs: 0,
      createdAt: now,
    });
    return isOverLimit ? undefined : id;
  });
  if (callId === undefined) {
    throw new AppError('LIMIT_EXCEEDED', {
      message: `Your plan includes ${String(limit)} calls a month and they have been used. Upgrade your plan or wait for next month.`,
    });
  }
  const started = performance.now();
  try {
    const outcome = await options.run(access);
    await finishCall(deps.db, access.teamId, callId, {
      statusCode: outcome.statusCode,
      durationMs: Math.round(performance.now() - started),
      units: outcome.units,
    });
    return outcome.result;
  } catch (error) {
    const statusCode = error instanceof AppError ? error.statusCode : 500;
    await finishCall(deps.db, access.teamId, callId, {
      statusCode,
      durationMs: Math.round(performance.now() - started),
      units: 0,
    });
    throw error;
  }
}

const PERIOD_DAYS: Record<UsagePeriod, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Where a statistics period that ends now begins. */
export function periodStart(now: Date, period: UsagePeriod): Date {
  return new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000);
}

export async function getUsageStatistics(
  deps: Deps,
  options: { teamId: string; neuronId: string; period: UsagePeriod },
): Promise<TUsageStatisticsResponse> {
  await getNeuronInfo(deps, options);
  const now = deps.clock.now();
  const from = periodStart(now, options.period);
  const [days, totals, monthCalls, access] = await Promise.all([
    dailyCallTotals(deps.db, { ...options, since: from }),
    periodCallTotals(deps.db, { ...options, since: from }),
    countCallsSince(deps.db, { ...options, since: startOfMonth(now) }),
    getActiveAccess(deps, options),
  ]);
  return {
    period: options.period,
    from: from.toISOString(),
    monthCalls,
    monthlyLimit: access?.plan.callsLimitMonthly ?? null,
    totals,
    days,
  };
}

export async function getUsageLogs(
  deps: Deps,
  options: { teamId: string; neuronId: string; period: UsagePeriod },
): Promise<TUsageLogsResponse> {
  await getNeuronInfo(deps, options);
  const calls = await findCallsSince(deps.db, {
    ...options,
    since: periodStart(deps.clock.now(), options.period),
    limit: LOG_LIMIT,
  });
  return calls.map((call) => ({
    at: call.createdAt.toISOString(),
    endpoint: call.endpoint,
    statusCode: call.statusCode,
    durationMs: call.durationMs,
    units: call.units,
  }));
}

/** Where each neuron's API lives in the app's own OpenAPI document: its paths' prefix. */
const NEURON_API_PREFIXES: Record<string, string> = {
  LegalMind: '/v1/{mode}/english',
  FinancialViewer: '/v1/financial/',
  Nucleus: '/v1/sinteza/',
};

type OpenApiDocument = { paths?: object };

/** The OpenAPI document of one neuron's API: the app's document cut down to its paths. */
export function neuronApiDocument<T extends OpenApiDocument>(
  document: T,
  neuronId: string,
): T & { paths: Record<string, unknown> } {
  const prefix = NEURON_API_PREFIXES[neuronId];
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Record<string, unknown>).filter(
      ([path]) => prefix !== undefined && path.startsWith(prefix),
    ),
  );
  if (Object.keys(paths).length === 0) {
    throw new AppError('NOT_FOUND', { message: `${neuronId} has no public API document.` });
  }
  return { ...document, info: { title: `${neuronId} API`, version: '1.0.0' }, paths };
}
