import { ROLES, type TAdminUser, type TAdminUsersResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  bearer,
  expectAppError,
  linkToken,
  signUpConfirmed,
  uniqueEmail,
  useTestApp,
} from '../../test/test-app.js';
import { ensurePlatformAdmin } from './service.js';

const test = useTestApp();

const ADMIN = { email: 'root@neuron-platform.test', password: 'Admin#Pass97' };

function login(email: string, password: string) {
  return test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

async function adminToken(): Promise<string> {
  await ensurePlatformAdmin(test.app.deps.db, ADMIN);
  const response = await login(ADMIN.email, ADMIN.password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

function registerUser(token: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/admin/user/register',
    headers: bearer(token),
    payload,
  });
}

function enableUser(token: string, id: string) {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/user/enable/${id}`,
    headers: bearer(token),
  });
}

function listUsers(token: string, query = '') {
  return test.app.inject({
    method: 'GET',
    url: `/api/admin/users${query}`,
    headers: bearer(token),
  });
}

describe('the first platform administrator', () => {
  it('is created once from the configuration, confirmed and with role 4', async () => {
    const created = await ensurePlatformAdmin(test.app.deps.db, ADMIN);
    expect(created).toMatchObject({
      email: ADMIN.email,
      enabled: true,
      roles: [ROLES.PLATFORM_ADMIN],
    });
    expect(await ensurePlatformAdmin(test.app.deps.db, { ...ADMIN, email: 'x@y.test' })).toBe(
      undefined,
    );
    const response = await login(ADMIN.email, ADMIN.password);
    expect(response.json()).toMatchObject({ user: { roles: [ROLES.PLATFORM_ADMIN] } });
  });

  it('is not made out of an existing customer with the same email', async () => {
    const customer = await signUpConfirmed(test);
    await expect(
      ensurePlatformAdmin(test.app.deps.db, { email: customer.email, password: ADMIN.password }),
    ).rejects.toThrow(/not an administrator/);
    const response = await login(customer.email, STRONG_PASSWORD);
    expect(response.json()).toMatchObject({ user: { roles: [ROLES.OWNER] } });
  });
});

describe('admin routes', () => {
  it('answer 403 to a customer on every route and 401 without a session', async () => {
    const customer = await signUpConfirmed(test);
    const calls = [
      { method: 'GET', url: '/api/admin/users' },
      {
        method: 'POST',
        url: '/api/admin/user/register',
        payload: { email: uniqueEmail(), firstName: 'A', lastName: 'B', enabled: true },
      },
      { method: 'POST', url: `/api/admin/user/enable/${customer.userId}` },
    ] as const;
    for (const call of calls) {
      expectAppError(
        await test.app.inject({ ...call, headers: bearer(customer.token) }),
        403,
        'FORBIDDEN',
      );
      expectAppError(await test.app.inject(call), 401, 'UNAUTHORIZED');
    }
    expect(await test.outbox()).toHaveLength(1);
  });

  it('list the users of every team, ten to a page', async () => {
    const token = await adminToken();
    for (let index = 0; index < 11; index++) {
      const response = await registerUser(token, {
        email: `customer${String(index)}@acme-industries.com`,
        firstName: 'Customer',
        lastName: String.fromCharCode(65 + index),
        enabled: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      test.clock.advance(1000);
    }
    const first = (await listUsers(token)).json<TAdminUsersResponse>();
    expect(first).toMatchObject({ total: 12, page: 0, size: 10 });
    expect(first.items).toHaveLength(10);
    const second = (await listUsers(token, '?page=1&size=10')).json<TAdminUsersResponse>();
    expect(second.items).toHaveLength(2);
    const emails = [...first.items, ...second.items].map((user) => user.email);
    expect(new Set(emails).size).toBe(12);
    expect(emails).toContain(ADMIN.email);
    expectAppError(await listUsers(token, '?size=1000'), 400, 'VALIDATION', 'size');
  });
});

describe('creating a user as administrator', () => {
  it('creates an owner with a team of their own and mails a link to choose a password', async () => {
    const token = await adminToken();
    const email = uniqueEmail('created');
    const response = await registerUser(token, {
      email,
      firstName: 'Marta',
      lastName: 'Ruiz',
      enabled: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TAdminUser>();
    expect(created).toMatchObject({ email, enabled: true, roles: [ROLES.OWNER] });

    const mail = (await test.outbox()).find((message) => message.to === email);
    expect(mail?.subject).toContain('account is ready');
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: linkToken(mail!, 'reset_password'), password: STRONG_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const session = await login(email, STRONG_PASSWORD);
    expect(session.json()).toMatchObject({
      user: { teamId: created.teamId, roles: [ROLES.OWNER] },
    });
    const team = await test.app.inject({
      method: 'GET',
      url: '/api/team',
      headers: bearer(session.json<{ token: string }>().token),
    });
    expect(team.json()).toMatchObject({ members: [{ email, enabled: true }] });
  });

  it('creates a disabled user who signs in only once activated', async () => {
    const token = await adminToken();
    const email = uniqueEmail('later');
    const created = (
      await registerUser(token, { email, firstName: 'Pablo', lastName: 'Sanz', enabled: false })
    ).json<TAdminUser>();
    const mail = (await test.outbox()).find((message) => message.to === email);
    await test.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: linkToken(mail!, 'reset_password'), password: STRONG_PASSWORD },
    });
    expectAppError(await login(email, STRONG_PASSWORD), 401, 'ACCOUNT_DISABLED');

    const enabled = await enableUser(token, created.id);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ id: created.id, enabled: true });
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a taken email or invalid fields, creating nothing', async () => {
    const token = await adminToken();
    const customer = await signUpConfirmed(test);
    expectAppError(
      await registerUser(token, { email: customer.email, firstName: 'A', lastName: 'B' }),
      409,
      'EMAIL_TAKEN',
      'email',
    );
    expectAppError(
      await registerUser(token, { email: 'nope', firstName: 'A', lastName: 'B' }),
      400,
      'VALIDATION',
      'email',
    );
    expectAppError(
      await registerUser(token, { email: uniqueEmail(), firstName: '1', lastName: 'B' }),
      400,
      'VALIDATION',
      'firstName',
    );
    expect((await listUsers(token)).json()).toMatchObject({ total: 2 });
  });

  it('answers 404 when activating an unknown user', async () => {
    const token = await adminToken();
    expectAppError(
      await enableUser(token, '00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
  });

  it('activates a registered user who never confirmed their email', async () => {
    const token = await adminToken();
    const email = uniqueEmail();
    await test.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-app-id': 'web' },
      payload: { email, password: STRONG_PASSWORD, firstName: 'Ana', lastName: 'Gil' },
    });
    const users = (await listUsers(token)).json<TAdminUsersResponse>();
    const pending = users.items.find((user) => user.email === email);
    expect(pending?.enabled).toBe(false);
    await enableUser(token, pending!.id);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('role 4 through the public API', () => {
  it('cannot be had by registering', async () => {
    const email = uniqueEmail();
    await test.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'x-app-id': 'web' },
      payload: {
        email,
        password: STRONG_PASSWORD,
        firstName: 'Eve',
        lastName: 'Smith',
        roles: [ROLES.PLATFORM_ADMIN],
      },
    });
    const mail = (await test.outbox()).find((message) => message.to === email);
    const confirm = await test.app.inject({
      method: 'POST',
      url: `/api/register/confirm/${linkToken(mail!, 'registration_confirm')}`,
    });
    expect(confirm.json()).toMatchObject({ user: { roles: [ROLES.OWNER] } });
  });
});
