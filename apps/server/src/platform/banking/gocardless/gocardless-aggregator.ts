import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../clock.js';
import {
  AggregatorError,
  type AggregatorBank,
  type AggregatorErrorCode,
  type BankAggregator,
} from '../aggregator.js';
import {
  positiveInteger,
  toAggregatorAccount,
  toAggregatorBank,
  toAggregatorTransactions,
  type GoCardlessAccountDetails,
  type GoCardlessAccountMetadata,
  type GoCardlessBalance,
  type GoCardlessInstitution,
  type GoCardlessRequisition,
  type GoCardlessTransaction,
} from './gocardless-mapping.js';

export const GOCARDLESS_BASE_URL = 'https://bankaccountdata.gocardless.com/api/v2/';
/** How long a consent lasts: the PSD2 default, which every institution accepts. */
export const GOCARDLESS_ACCESS_DAYS = 90;
/** The most history the API lets an agreement ask for. */
export const GOCARDLESS_MAX_HISTORY_DAYS = 730;
const ACCESS_SCOPE = ['balances', 'details', 'transactions'];
/** A token is renewed this long before it expires, so none runs out in flight. */
const TOKEN_MARGIN_MILLISECONDS = 60_000;
const INSTITUTIONS_TTL_MILLISECONDS = 60 * 60_000;
const DAY_MILLISECONDS = 86_400_000;
/** How much of the provider's error text a message keeps. */
const MAX_ERROR_TEXT = 300;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTITUTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Requisition statuses after which the user can no longer give consent. */
const REJECTED_STATUSES = new Set(['RJ', 'EX']);

export type GoCardlessAggregatorOptions = {
  secretId: string;
  secretKey: string;
  /** The API root, `…/api/v2/`; GoCardless's own by default. */
  baseUrl?: string;
  /** Injected by tests, which answer from recorded responses. */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Per request; a bank can take a while to answer a long history. */
  timeoutMilliseconds?: number;
  /** ISO 639-1 language of GoCardless's consent pages. */
  userLanguage?: string;
  /** Told once when GoCardless refuses the secrets, so the operator sees it in the log. */
  log?: { error(message: string): void };
};

/** GoCardless refused our secret id and key: a configuration problem, never the user's. */
export class GoCardlessConfigurationError extends AggregatorError {
  constructor() {
    super(
      'BANK_UNAVAILABLE',
      'GoCardless refused the secret id and key: check GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY.',
    );
  }
}

type Tokens = {
  access: string;
  accessExpiresAt: number;
  refresh: string;
  refreshExpiresAt: number;
};

type Reply = { status: number; headers: Headers; body: unknown };

type Call = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Whether an answer of this status is a result rather than an error. */
  accept?: (status: number) => boolean;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The readable part of an error body: `summary` and `detail`, or those of a field error. */
function errorText(body: unknown): string {
  if (!isObject(body)) return '';
  const parts: string[] = [];
  for (const key of ['type', 'summary', 'detail']) {
    const value = body[key];
    if (typeof value === 'string' && value) parts.push(value);
  }
  for (const [field, value] of Object.entries(body)) {
    if (!isObject(value)) continue;
    const summary = typeof value.summary === 'string' ? value.summary : '';
    const detail = typeof value.detail === 'string' ? value.detail : '';
    parts.push(`${field}: ${[summary, detail].filter(Boolean).join(' ')}`);
  }
  return parts.join(' - ');
}

const EXPIRED_CONSENT_PATTERN =
  /End User Agreement|\bEUA\b|AccessExpired|AccountInactive|expired|revoked|suspended|reconnect/i;

/** Our access token refused ("Invalid token"), as opposed to the user's consent ended. */
function isTokenError(body: unknown): boolean {
  const text = errorText(body);
  return (
    /\btoken\b/i.test(text) &&
    !/End User Agreement|\bEUA\b|AccessExpired|AccountInactive|reconnect/i.test(text)
  );
}

function secondsFrom(headers: Headers): number | undefined {
  for (const name of [
    'HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET',
    'X-RateLimit-Account-Success-Reset',
    'HTTP_X_RATELIMIT_RESET',
    'X-RateLimit-Reset',
    'Retry-After',
  ]) {
    const seconds = Number.parseInt(headers.get(name) ?? '', 10);
    if (Number.isInteger(seconds) && seconds >= 0) return seconds;
  }
  return undefined;
}

function codeOf(status: number, body: unknown): AggregatorErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500 || status === 402 || status === 408) return 'BANK_UNAVAILABLE';
  const text = errorText(body);
  if (status === 401 || status === 403) {
    if (EXPIRED_CONSENT_PATTERN.test(text) || status === 401) return 'CONSENT_EXPIRED';
    return 'CONSENT_REJECTED';
  }
  if (status === 409) {
    // A suspended account needs a new consent; one being processed only needs time.
    return /suspend/i.test(text) ? 'CONSENT_EXPIRED' : 'BANK_UNAVAILABLE';
  }
  return 'INVALID_REQUEST';
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * GoCardless Bank Account Data (formerly Nordigen) behind the aggregator interface.
 *
 * A consent is a requisition: `startConnection` creates an end-user agreement (90 days, the
 * bank's whole history up to 730 days) and a requisition whose `link` the user opens;
 * `consentId` is the requisition id. Access tokens are kept and renewed (refresh token first,
 * a new pair when that has expired too); concurrent calls share one token request. Errors
 * become `AggregatorError`s, and no message ever carries the secrets or a token.
 */
export function createGoCardlessAggregator(options: GoCardlessAggregatorOptions): BankAggregator {
  const fetcher = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const baseUrl = (options.baseUrl ?? GOCARDLESS_BASE_URL).replace(/\/*$/, '/');
  const timeout = options.timeoutMilliseconds ?? 60_000;
  const userLanguage = (options.userLanguage ?? 'ES').toUpperCase();
  let tokens: Tokens | undefined;
  let pendingTokens: Promise<Tokens> | undefined;
  const institutions = new Map<string, { fetchedAt: number; list: GoCardlessInstitution[] }>();

  /** Any message that leaves here: the secrets and tokens, should they ever appear, masked. */
  function redact(message: string): string {
    let safe = message;
    for (const secret of [options.secretKey, options.secretId, tokens?.access, tokens?.refresh]) {
      if (secret && secret.length >= 6) safe = safe.split(secret).join('[redacted]');
    }
    return safe;
  }

  function fail(code: AggregatorErrorCode, message: string, retryAfter?: number): never {
    throw new AggregatorError(code, redact(message), retryAfter);
  }

  async function send(call: Call, accessToken?: string): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    let response: Response;
    try {
      response = await fetcher(new URL(call.path, baseUrl).toString(), {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      return fail(
        'BANK_UNAVAILABLE',
        isTimeout
          ? `GoCardless did not answer ${call.method} ${call.path.split('?')[0] ?? ''} in time.`
          : 'GoCardless could not be reached.',
      );
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body };
  }

  function errorFrom(call: Call, reply: Reply): never {
    const what = `${call.method} ${call.path.split('?')[0] ?? ''}`;
    const text = errorText(reply.body).slice(0, MAX_ERROR_TEXT) || 'no detail';
    const code = codeOf(reply.status, reply.body);
    const retryAfter = code === 'RATE_LIMITED' ? secondsFrom(reply.headers) : undefined;
    return fail(
      code,
      `GoCardless answered ${String(reply.status)} to ${what}: ${text}`,
      retryAfter,
    );
  }

  function readTokens(body: unknown, previous?: Tokens): Tokens {
    if (!isObject(body) || typeof body.access !== 'string') {
      return fail('BANK_UNAVAILABLE', 'GoCardless sent a token answer we cannot read.');
    }
    const now = clock.now().getTime();
    const refresh = typeof body.refresh === 'string' ? body.refresh : previous?.refresh;
    return {
      access: body.access,
      accessExpiresAt: now + positiveInteger(body.access_expires, 60) * 1000,
      refresh: refresh ?? '',
      refreshExpiresAt:
        typeof body.refresh === 'string'
          ? now + positiveInteger(body.refresh_expires, 0) * 1000
          : (previous?.refreshExpiresAt ?? 0),
    };
  }

  async function newTokens(): Promise<Tokens> {
    const call: Call = {
      method: 'POST',
      path: 'token/new/',
      body: { secret_id: options.secretId, secret_key: options.secretKey },
    };
    const reply = await send(call);
    if (reply.status === 401 || reply.status === 403) {
      options.log?.error(
        `GoCardless refused GOCARDLESS_SECRET_ID / GOCARDLESS_SECRET_KEY (HTTP ${String(reply.status)}): bank connections cannot work until they are fixed`,
      );
      throw new GoCardlessConfigurationError();
    }
    if (reply.status !== 200 && reply.status !== 201) return errorFrom(call, reply);
    return readTokens(reply.body);
  }

  async function renewTokens(current: Tokens | undefined): Promise<Tokens> {
    const now = clock.now().getTime();
    if (current?.refresh && current.refreshExpiresAt - TOKEN_MARGIN_MILLISECONDS > now) {
      const call: Call = {
        method: 'POST',
        path: 'token/refresh/',
        body: { refresh: current.refresh },
      };
      const reply = await send(call);
      if (reply.status === 200 || reply.status === 201) return readTokens(reply.body, current);
      // A refresh token refused (revoked, or the clocks disagree): a new pair instead.
      if (reply.status !== 401 && reply.status !== 403) return errorFrom(call, reply);
    }
    return newTokens();
  }

  /** A valid access token: the kept one, or one renewed once for all the callers waiting. */
  async function accessToken(mode: { renew?: boolean } = {}): Promise<string> {
    const now = clock.now().getTime();
    if (!mode.renew && tokens && tokens.accessExpiresAt - TOKEN_MARGIN_MILLISECONDS > now) {
      return tokens.access;
    }
    if (mode.renew && tokens) tokens = { ...tokens, accessExpiresAt: 0 };
    pendingTokens ??= renewTokens(tokens).finally(() => {
      pendingTokens = undefined;
    });
    tokens = await pendingTokens;
    return tokens.access;
  }

  /** An authorised call; a token the API no longer takes is renewed and the call made again. */
  async function request<T>(call: Call): Promise<T | undefined> {
    let reply = await send(call, await accessToken());
    if (reply.status === 401 && isTokenError(reply.body)) {
      reply = await send(call, await accessToken({ renew: true }));
      if (reply.status === 401 && isTokenError(reply.body)) {
        throw new GoCardlessConfigurationError();
      }
    }
    if (call.accept?.(reply.status)) return undefined;
    if (reply.status < 200 || reply.status >= 300) return errorFrom(call, reply);
    return reply.body as T;
  }

  async function requireBody<T>(call: Call): Promise<T> {
    const body = await request<T>(call);
    if (!isObject(body) && !Array.isArray(body)) {
      return fail(
        'BANK_UNAVAILABLE',
        `GoCardless sent an empty answer to ${call.method} ${call.path}.`,
      );
    }
    return body;
  }

  function checkConsentId(consentId: string): void {
    if (!UUID_PATTERN.test(consentId)) fail('NOT_FOUND', 'No such requisition.');
  }

  async function readRequisition(consentId: string): Promise<GoCardlessRequisition> {
    checkConsentId(consentId);
    return requireBody<GoCardlessRequisition>({
      method: 'GET',
      path: `requisitions/${consentId}/`,
    });
  }

  /** The requisition's accounts, once the user has linked them. */
  async function linkedAccounts(consentId: string): Promise<string[]> {
    const requisition = await readRequisition(consentId);
    if (requisition.status === 'EX') fail('CONSENT_EXPIRED', 'The consent has expired.');
    if (requisition.status === 'RJ') fail('CONSENT_REJECTED', 'The bank or the user refused.');
    if (requisition.status !== 'LN') {
      fail('INVALID_REQUEST', `The user has not given consent yet (${requisition.status}).`);
    }
    return (requisition.accounts ?? []).filter((id) => UUID_PATTERN.test(id));
  }

  async function readInstitutions(
    countryCode: string | undefined,
  ): Promise<GoCardlessInstitution[]> {
    const key = countryCode ?? '*';
    const now = clock.now().getTime();
    const cached = institutions.get(key);
    if (cached && now - cached.fetchedAt < INSTITUTIONS_TTL_MILLISECONDS) return cached.list;
    const path = countryCode ? `institutions/?country=${countryCode}` : 'institutions/';
    const list = await requireBody<GoCardlessInstitution[]>({ method: 'GET', path });
    if (!Array.isArray(list)) return fail('BANK_UNAVAILABLE', 'GoCardless sent no bank list.');
    const valid = list.filter(
      (item) => typeof item.id === 'string' && INSTITUTION_ID_PATTERN.test(item.id) && item.name,
    );
    institutions.set(key, { fetchedAt: now, list: valid });
    return valid;
  }

  return {
    provider: 'gocardless',

    async listBanks({ countryCode }) {
      const country = countryCode?.toUpperCase();
      if (country !== undefined && !COUNTRY_PATTERN.test(country)) return [];
      const list = await readInstitutions(country);
      return list
        .map((institution): AggregatorBank => toAggregatorBank(institution, country))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async startConnection({ bankCode, reference, redirectUrl }) {
      if (!INSTITUTION_ID_PATTERN.test(bankCode)) fail('NOT_FOUND', 'No such bank.');
      if (!reference || reference.length > 200) {
        fail('INVALID_REQUEST', 'The reference must have 1 to 200 characters.');
      }
      const protocol = URL.canParse(redirectUrl) ? new URL(redirectUrl).protocol : '';
      if (protocol !== 'https:' && protocol !== 'http:') {
        fail('INVALID_REQUEST', 'The redirect must be an http(s) address.');
      }
      const institution = await requireBody<GoCardlessInstitution>({
        method: 'GET',
        path: `institutions/${bankCode}/`,
      });
      const agreement = await requireBody<{ id?: string }>({
        method: 'POST',
        path: 'agreements/enduser/',
        body: {
          institution_id: bankCode,
          max_historical_days: Math.min(
            positiveInteger(institution.transaction_total_days, 90),
            GOCARDLESS_MAX_HISTORY_DAYS,
          ),
          access_valid_for_days: Math.min(
            positiveInteger(institution.max_access_valid_for_days, GOCARDLESS_ACCESS_DAYS),
            GOCARDLESS_ACCESS_DAYS,
          ),
          access_scope: ACCESS_SCOPE,
        },
      });
      if (typeof agreement.id !== 'string')
        fail('BANK_UNAVAILABLE', 'GoCardless sent no agreement id.');
      const requisition = await requireBody<GoCardlessRequisition>({
        method: 'POST',
        path: 'requisitions/',
        body: {
          redirect: redirectUrl,
          institution_id: bankCode,
          // GoCardless takes a reference once; the user may go back and pick another bank.
          reference: `${reference}.${randomBytes(4).toString('hex')}`,
          agreement: agreement.id,
          user_language: userLanguage,
        },
      });
      if (typeof requisition.id !== 'string' || typeof requisition.link !== 'string') {
        return fail('BANK_UNAVAILABLE', 'GoCardless sent no requisition link.');
      }
      return { consentId: requisition.id, link: requisition.link };
    },

    /**
     * `linked` once the requisition is LN; `rejected` when it is RJ or EX, or when the user came
     * back with an error (cancelled at GoCardless or the bank: the requisition stays where the
     * user left it). Otherwise the user is still on the way: an INVALID_REQUEST error, so the
     * attempt is not thrown away and the callback can be opened again.
     */
    async completeConnection({ consentId, redirectError }) {
      const requisition = await readRequisition(consentId);
      if (requisition.status === 'LN') return { status: 'linked' };
      if (REJECTED_STATUSES.has(requisition.status) || redirectError) return { status: 'rejected' };
      return fail(
        'INVALID_REQUEST',
        `The user has not finished giving consent (${requisition.status}).`,
      );
    },

    async listAccounts({ consentId }) {
      const accounts = [];
      for (const accountId of await linkedAccounts(consentId)) {
        const metadata = await requireBody<GoCardlessAccountMetadata>({
          method: 'GET',
          path: `accounts/${accountId}/`,
        });
        if (metadata.status === 'EXPIRED' || metadata.status === 'SUSPENDED') {
          fail('CONSENT_EXPIRED', `The account's access is ${metadata.status.toLowerCase()}.`);
        }
        const details = await requireBody<GoCardlessAccountDetails>({
          method: 'GET',
          path: `accounts/${accountId}/details/`,
        });
        const { balances } = await requireBody<{ balances?: GoCardlessBalance[] }>({
          method: 'GET',
          path: `accounts/${accountId}/balances/`,
        });
        accounts.push(
          toAggregatorAccount({
            metadata: { ...metadata, id: accountId },
            details,
            balances: balances ?? [],
          }),
        );
      }
      return accounts;
    },

    async fetchTransactions({ consentId, accountExternalId, since }) {
      if (!DATE_PATTERN.test(since) || Number.isNaN(Date.parse(since))) {
        fail('INVALID_REQUEST', 'since must be a date as yyyy-mm-dd.');
      }
      const accounts = await linkedAccounts(consentId);
      if (!accounts.includes(accountExternalId)) {
        fail('NOT_FOUND', 'No such account in this consent.');
      }
      // The API gives at most 730 days back; asking for more is refused by some banks.
      const earliest = isoDay(
        new Date(clock.now().getTime() - GOCARDLESS_MAX_HISTORY_DAYS * DAY_MILLISECONDS),
      );
      const dateFrom = since < earliest ? earliest : since;
      const body = await requireBody<{ transactions?: { booked?: GoCardlessTransaction[] } }>({
        method: 'GET',
        path: `accounts/${accountExternalId}/transactions/?date_from=${dateFrom}`,
      });
      return toAggregatorTransactions(body.transactions?.booked ?? [], since);
    },

    async removeConnection({ consentId }) {
      checkConsentId(consentId);
      // Gone already (deleted, or never there): nothing more to end.
      await request({
        method: 'DELETE',
        path: `requisitions/${consentId}/`,
        accept: (status) => status === 404,
      });
    },
  };
}
