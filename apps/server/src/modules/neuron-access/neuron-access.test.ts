import {
  ROLES,
  type TAccessTokenResponse,
  type TNeuronAccessResponse,
  type TSubscription,
  type TUsageLogsResponse,
  type TUsageStatisticsResponse,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, plans } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { teamMember } from '../billing/billing-fixtures.js';
import { meterCall } from './service.js';

const test = useTestApp({ PUBLIC_URL: 'https://neurons.example.com' });

async function freeLegalMind(token: string): Promise<TSubscription> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/microservice/free/LegalMind',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TSubscription>();
}

async function accessToken(token: string, neuron = 'LegalMind') {
  return test.app.inject({
    method: 'GET',
    url: `/api/microservice/token/${neuron}`,
    headers: bearer(token),
  });
}

function call(token: string | undefined, options: { fails?: boolean } = {}) {
  return meterCall(test.app.deps, {
    token,
    neuronId: 'LegalMind',
    endpoint: 'POST /v1/text/english',
    run: async () => {
      if (options.fails) throw new AppError('VALIDATION', { message: 'Empty text' });
      return { result: 'ok', statusCode: 200, units: 120 };
    },
  });
}

async function get<T>(token: string, url: string): Promise<T> {
  const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('GET /api/microservice/access/{neuron}', () => {
  it('tells every member whether the team may use the neuron, with the plan’s limits only', async () => {
    const owner = await signUpConfirmed(test);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    const before = await get<TNeuronAccessResponse>(guest, '/api/microservice/access/LegalMind');
    expect(before).toEqual({ isSubscribed: false, plan: null });

    await freeLegalMind(owner.token);
    const after = await get<TNeuronAccessResponse>(guest, '/api/microservice/access/LegalMind');
    expect(after.isSubscribed).toBe(true);
    expect(after.plan).toMatchObject({ planCode: 'FREE', planCallsLimitMonthly: 100 });
    expect(Object.keys(after)).toEqual(['isSubscribed', 'plan']);

    const stranger = await signUpConfirmed(test);
    expect(
      await get<TNeuronAccessResponse>(stranger.token, '/api/microservice/access/LegalMind'),
    ).toEqual({ isSubscribed: false, plan: null });
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/microservice/access/Nothing',
      headers: bearer(guest),
    });
    expectAppError(unknown, 404, 'NOT_FOUND');
  });
});

describe('access tokens', () => {
  it('gives the active subscription one token and the API address, the same each time', async () => {
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const first = (await accessToken(token)).json<TAccessTokenResponse>();
    expect(first.token).toMatch(/^nrn_[\w-]{40,}$/);
    expect(first.microserviceUrl).toBe('https://neurons.example.com/v1');
    expect((await accessToken(token)).json()).toEqual(first);
    expect(await call(first.token)).toBe('ok');
  });

  it('rotates the token on refresh: the old one stops working at once', async () => {
    const { token } = await signUpConfirmed(test);
    const subscription = await freeLegalMind(token);
    const old = (await accessToken(token)).json<TAccessTokenResponse>().token;
    const refreshed = await test.app.inject({
      method: 'POST',
      url: `/api/microservice/token/refresh/LegalMind/${subscription.id}`,
      headers: bearer(token),
    });
    const fresh = refreshed.json<TAccessTokenResponse>().token;
    expect(fresh).not.toBe(old);
    await expect(call(old)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid or expired token',
    });
    expect(await call(fresh)).toBe('ok');
  });

  it('answers 404 without an active subscription', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(await accessToken(token), 404, 'NOT_FOUND');
  });

  it('stops a canceled subscription token and refuses unknown or other-neuron tokens', async () => {
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const legal = (await accessToken(token)).json<TAccessTokenResponse>().token;
    await expect(call(undefined)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(call('nrn_made-up')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await test.app.inject({
      method: 'POST',
      url: '/api/microservice/free/Nucleus',
      headers: bearer(token),
    });
    const nucleus = (await accessToken(token, 'Nucleus')).json<TAccessTokenResponse>().token;
    await expect(call(nucleus)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await call(legal)).toBe('ok');
  });

  it('lets a Guest read the token but not rotate it; another team cannot rotate it', async () => {
    const owner = await signUpConfirmed(test);
    const subscription = await freeLegalMind(owner.token);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    expect((await accessToken(guest)).statusCode).toBe(200);
    const url = `/api/microservice/token/refresh/LegalMind/${subscription.id}`;
    expectAppError(
      await test.app.inject({ method: 'POST', url, headers: bearer(guest) }),
      403,
      'FORBIDDEN',
    );
    const stranger = await signUpConfirmed(test);
    await freeLegalMind(stranger.token);
    expectAppError(
      await test.app.inject({ method: 'POST', url, headers: bearer(stranger.token) }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the call meter', () => {
  it('refuses calls past the plan monthly limit with 429, and counts again next month', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ callsLimitMonthly: 2 })
      .where(eq(plans.code, 'FREE'));
    test.clock.set(new Date('2026-11-20T10:00:00Z'));
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const access = (await accessToken(token)).json<TAccessTokenResponse>().token;
    await call(access);
    await call(access);
    await expect(call(access)).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringContaining('2 calls a month') as unknown,
    });
    test.clock.set(new Date('2026-12-01T00:00:01Z'));
    expect(await call(access)).toBe('ok');
  });

  it('does not count a call the platform refused because its workers were busy', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ callsLimitMonthly: 1 })
      .where(eq(plans.code, 'FREE'));
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const access = (await accessToken(token)).json<TAccessTokenResponse>().token;
    const busy = meterCall(test.app.deps, {
      token: access,
      neuronId: 'LegalMind',
      endpoint: 'POST /v1/text/english',
      run: () => Promise.reject(new AppError('BUSY')),
    });
    await expect(busy).rejects.toMatchObject({ code: 'BUSY' });
    expect(await call(access)).toBe('ok');
  });

  it('does not count a call it refused for its input (a wrong format, a text over the plan)', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ callsLimitMonthly: 1 })
      .where(eq(plans.code, 'FREE'));
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const access = (await accessToken(token)).json<TAccessTokenResponse>().token;
    await expect(call(access, { fails: true })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(call(access, { fails: true })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await call(access)).toBe('ok');
    await expect(call(access)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('counts exactly under concurrent calls', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ callsLimitMonthly: 3 })
      .where(eq(plans.code, 'FREE'));
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const access = (await accessToken(token)).json<TAccessTokenResponse>().token;
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => call(access)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });

  it('gives the median and 95th-percentile latency of the successful calls, per day and over the period', async () => {
    test.clock.set(new Date('2026-11-20T12:00:00Z'));
    const { token, teamId } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const recorded = (createdAt: string, durationMs: number, statusCode = 200) => ({
      teamId,
      neuronId: 'LegalMind',
      endpoint: 'POST /v1/text/english',
      statusCode,
      durationMs,
      createdAt: new Date(createdAt),
    });
    await test.app.deps.db
      .insert(apiCalls)
      .values([
        ...Array.from({ length: 20 }, (_, index) =>
          recorded('2026-11-18T10:00:00Z', (index + 1) * 10),
        ),
        recorded('2026-11-18T11:00:00Z', 5000, 500),
        recorded('2026-11-19T10:00:00Z', 40),
        recorded('2026-11-19T11:00:00Z', 1, 400),
      ]);

    const statistics = await get<TUsageStatisticsResponse>(token, '/api/statistics/LegalMind/week');
    expect(statistics.days).toEqual([
      { day: '2026-11-18', calls: 21, errors: 1, units: 0, p50Ms: 105, p95Ms: 191 },
      { day: '2026-11-19', calls: 2, errors: 1, units: 0, p50Ms: 40, p95Ms: 40 },
    ]);
    expect(statistics.totals).toEqual({ calls: 23, errors: 2, units: 0, p50Ms: 100, p95Ms: 190 });
  });

  it('records every call for the statistics and logs of the team only', async () => {
    const { token } = await signUpConfirmed(test);
    await freeLegalMind(token);
    const access = (await accessToken(token)).json<TAccessTokenResponse>().token;
    await call(access);
    await call(access);
    await expect(call(access, { fails: true })).rejects.toMatchObject({ code: 'VALIDATION' });

    const statistics = await get<TUsageStatisticsResponse>(
      token,
      '/api/statistics/LegalMind/month',
    );
    // The refused call is in the totals and logs, not in the quota's count.
    expect(statistics).toMatchObject({
      monthCalls: 2,
      monthlyLimit: 100,
      totals: { calls: 3, errors: 1, units: 240 },
    });
    expect(statistics.days).toHaveLength(1);
    const logs = await get<TUsageLogsResponse>(token, '/api/logs/LegalMind/day');
    expect(logs.map((entry) => entry.statusCode).sort()).toEqual([200, 200, 400]);
    expect(logs[0]?.endpoint).toBe('POST /v1/text/english');

    const stranger = await signUpConfirmed(test);
    expect(await get<TUsageLogsResponse>(stranger.token, '/api/logs/LegalMind/day')).toEqual([]);
    expectAppError(
      await test.app.inject({
        method: 'GET',
        url: '/api/logs/LegalMind/decade',
        headers: bearer(token),
      }),
      400,
      'VALIDATION',
    );
  });
});
