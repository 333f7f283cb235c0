import { ROLES, type TAccessTokenResponse, type TPlan } from '@app/contracts';
import type { TCurrentPlanResponse, TSubscribeResponse, TSubscription } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { CARDS, addPaymentMethod, teamMember } from '../billing/billing-fixtures.js';
import { priceId } from '../catalogue/seed.js';

const test = useTestApp();

/** Spec 001 §7, "Sinteza": every call the web app makes, as the spec lists them. */
const SPEC_SINTEZA_CALLS = {
  GET: [
    'runs',
    'algorithms',
    'usage/statistics',
    'run/{id}',
    'run/{id}/generate/status',
    'run/{id}/data',
    'run/{id}/report',
    'run/{id}/logs',
    'currentplan',
    'limits',
    'plans',
    'edge/packages',
    'edge/package?opsys&version',
  ],
  POST: [
    'generate?runId&numRows',
    'synthesize',
    'synthesize/relational',
    'generate',
    'free',
    'subscribe',
    'dataprofiling',
    'token/refresh/{id}',
    'run/url?fileName',
  ],
  PUT: [
    'edge/token/refresh',
    'subscribe',
    'run/{id}/change/format',
    'run/{id}/url/confirm',
    'run/{id}/url/cancel',
    'run/{id}/cancel',
  ],
} as const;

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return test.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

describe('Sinteza plan calls under /api/sinteza', () => {
  it('serves every Sinteza call of spec §7 under /api/sinteza', () => {
    const missing = Object.entries(SPEC_SINTEZA_CALLS).flatMap(([method, paths]) =>
      paths
        .map((path) => `/api/sinteza/${path.split('?')[0] ?? ''}`.replace(/\{(\w+)\}/g, ':$1'))
        .filter((url) => !test.app.hasRoute({ method, url }))
        .map((url) => `${method} ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists the Nucleus plans as the catalogue does, to any member', async () => {
    const owner = await signUpConfirmed(test);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    const plans = await call(guest, 'GET', '/api/sinteza/plans');
    expect(plans.statusCode, plans.body).toBe(200);
    const catalogue = await call(owner.token, 'GET', '/api/availableplans/Nucleus');
    expect(plans.json<TPlan[]>()).toEqual(catalogue.json<TPlan[]>());
    expect(plans.json<TPlan[]>().map((plan) => plan.planCode)).toEqual([
      'FREE',
      'STARTER',
      'PRO',
      'BUSINESS',
      'ENTERPRISE',
    ]);
  });

  it('takes the free plan, shows it as the current plan and refreshes its token', async () => {
    const owner = await signUpConfirmed(test);
    const before = await call(owner.token, 'GET', '/api/sinteza/currentplan');
    expect(before.json<TCurrentPlanResponse>()).toEqual({
      currentPlan: null,
      currentSubscription: null,
    });
    const free = await call(owner.token, 'POST', '/api/sinteza/free');
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json<TSubscription>()).toMatchObject({ neuron: 'Nucleus', planCode: 'FREE' });
    const current = (
      await call(owner.token, 'GET', '/api/sinteza/currentplan')
    ).json<TCurrentPlanResponse>();
    expect(current.currentPlan?.planCode).toBe('FREE');
    expect(current.currentSubscription?.id).toBe(free.json<TSubscription>().id);
    const shared = await call(owner.token, 'GET', '/api/currentplan/Nucleus');
    expect(shared.json<TCurrentPlanResponse>()).toEqual(current);

    const old = (
      await call(owner.token, 'GET', '/api/microservice/token/Nucleus')
    ).json<TAccessTokenResponse>();
    const refreshed = await call(
      owner.token,
      'POST',
      `/api/sinteza/token/refresh/${free.json<TSubscription>().id}`,
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<TAccessTokenResponse>().token).not.toBe(old.token);
    const viaOld = await test.app.inject({
      method: 'GET',
      url: `/v1/sinteza/limits?token=${old.token}`,
    });
    expect(viaOld.statusCode).toBe(401);
    expectAppError(
      await call(owner.token, 'POST', '/api/sinteza/token/refresh/not-a-uuid'),
      400,
      'VALIDATION',
    );
  });

  it('subscribes to a paid plan and changes it with PUT', async () => {
    const owner = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, owner.token, { card: CARDS.visa });
    const starter = { priceId: priceId('Nucleus', 'STARTER', 'MONTH'), planCode: 'STARTER' };
    const subscribed = await call(owner.token, 'POST', '/api/sinteza/subscribe', {
      ...starter,
      paymentId,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json<TSubscribeResponse>().subscription).toMatchObject({
      neuron: 'Nucleus',
      planCode: 'STARTER',
    });
    const changed = await call(owner.token, 'PUT', '/api/sinteza/subscribe', {
      priceId: priceId('Nucleus', 'PRO', 'MONTH'),
      planCode: 'PRO',
      paymentId,
      internalId: subscribed.json<TSubscribeResponse>().subscription.internalId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const current = (
      await call(owner.token, 'GET', '/api/sinteza/currentplan')
    ).json<TCurrentPlanResponse>();
    expect(current.currentPlan?.planCode).toBe('PRO');
    expectAppError(
      await call(owner.token, 'POST', '/api/sinteza/subscribe', { planCode: 'PRO' }),
      400,
      'VALIDATION',
    );
  });

  it('keeps subscriptions and tokens from a Guest and from the token API', async () => {
    const owner = await signUpConfirmed(test);
    const free = (await call(owner.token, 'POST', '/api/sinteza/free')).json<TSubscription>();
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    for (const [method, url] of [
      ['GET', '/api/sinteza/currentplan'],
      ['POST', '/api/sinteza/free'],
      ['POST', `/api/sinteza/token/refresh/${free.id}`],
    ] as const) {
      expectAppError(await call(guest, method, url), 403, 'FORBIDDEN');
    }
    const { token } = (
      await call(owner.token, 'GET', '/api/microservice/token/Nucleus')
    ).json<TAccessTokenResponse>();
    const viaToken = (method: 'GET' | 'POST' | 'PUT', path: string) =>
      test.app.inject({ method, url: `/v1/sinteza/${path}?token=${token}` });
    expect((await viaToken('GET', 'plans')).statusCode).toBe(200);
    for (const [method, path] of [
      ['POST', 'free'],
      ['POST', 'subscribe'],
      ['PUT', 'subscribe'],
      ['POST', `token/refresh/${free.id}`],
    ] as const) {
      expect((await viaToken(method, path)).statusCode, `${method} ${path}`).toBe(404);
    }
  });
});
