import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import {
  STRONG_PASSWORD,
  bearer,
  buildTestApp,
  expectAppError,
  linkToken,
  signUpConfirmed,
  uniqueEmail,
  useTestApp,
} from '../../test/test-app.js';

const test = useTestApp();

const HOUR = 3_600_000;

function register(
  payload: Record<string, unknown>,
  headers: Record<string, string> = { 'x-app-id': 'web' },
) {
  return test.app.inject({ method: 'POST', url: '/api/register', headers, payload });
}

function validRegistration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    firstName: 'Ana',
    lastName: 'García',
    companyName: 'Acme Industries',
    ...overrides,
  };
}

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { email, password },
  });
}

describe('POST /api/register', () => {
  it('creates a disabled owner with a team and mails a confirmation link', async () => {
    const payload = validRegistration();
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: payload.email });

    const [mail] = await test.outbox();
    expect(mail?.to).toBe(payload.email);
    expect(mail?.subject).toBe('Confirm your email for Neuron Platform');
    expect(mail?.text).toContain('http://localhost:3000/registration_confirm/');

    expectAppError(await login(payload.email, STRONG_PASSWORD), 401, 'ACCOUNT_DISABLED');
  });

  it('writes the confirmation mail in Spanish for a Spanish browser', async () => {
    await register(validRegistration(), { 'x-app-id': 'web', 'accept-language': 'es-ES,es;q=0.9' });
    const [mail] = await test.outbox();
    expect(mail?.subject).toBe('Confirma tu correo en Neuron Platform');
    expect(mail?.text).toContain('Hola Ana:');
  });

  it('answers a taken email as a new one and mails the address’s owner instead', async () => {
    const { email } = await signUpConfirmed(test);
    const before = await test.outbox();
    const response = await register(validRegistration({ email: email.toUpperCase() }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ email });
    const mails = (await test.outbox()).slice(0, -before.length || undefined);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [email, 'Someone tried to register your address on Neuron Platform'],
    ]);
    expect(mails[0]?.text).toContain('/sign-in');
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a free-mail domain', { email: 'ana@gmail.com' }, 'email', 'validation.email.notCorporate'],
    ['a malformed email', { email: 'ana@acme' }, 'email', 'validation.email.invalid'],
    ['a weak password', { password: 'password' }, 'password', 'validation.password.invalid'],
    [
      'a password with a space',
      { password: 'Bright #Moon42' },
      'password',
      'validation.password.invalid',
    ],
    [
      'a first name without letters',
      { firstName: '1234' },
      'firstName',
      'validation.name.onlyLetters',
    ],
    ['a missing last name', { lastName: undefined }, 'lastName', 'validation.required'],
    [
      'a company without letters',
      { companyName: '42' },
      'companyName',
      'validation.name.onlyLetters',
    ],
  ])('refuses %s and stores nothing', async (_case, overrides, field, key) => {
    const response = await register(validRegistration(overrides));
    expectAppError(response, 400, 'VALIDATION', field);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
      key,
    );
    expect(await test.outbox()).toEqual([]);
  });

  it('refuses a registration without the app identifier header', async () => {
    expectAppError(await register(validRegistration(), {}), 400, 'VALIDATION', 'x-app-id');
    expect(await test.outbox()).toEqual([]);
  });

  it('creates one account from two registrations of one email at the same moment', async () => {
    const payload = validRegistration();
    const responses = await Promise.all([register(payload), register(payload)]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const confirmations = (await test.outbox()).filter((mail) => mail.subject.includes('Confirm'));
    expect(confirmations).toHaveLength(1);
  });

  it('accepts a registration without a company', async () => {
    expect((await register(validRegistration({ companyName: undefined }))).statusCode).toBe(201);
  });
});

describe('POST /api/register/confirm/{token}', () => {
  it('enables the account and answers with a session', async () => {
    const payload = validRegistration();
    await register(payload);
    const [mail] = await test.outbox();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/register/confirm/${linkToken(mail!, 'registration_confirm')}`,
    });
    expect(response.statusCode).toBe(200);
    const session = response.json<{
      token: string;
      user: { email: string; roles: number[]; teamId: string };
    }>();
    expect(session.user.email).toBe(payload.email);
    expect(session.user.roles).toEqual([5]);
    expect(session.user.teamId).toMatch(/[0-9a-f-]{36}/);
    expect(response.headers.authorization).toBe(`Bearer ${session.token}`);
    expect((await login(payload.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('says a link clicked again is already confirmed, without a second session', async () => {
    await register(validRegistration());
    const [mail] = await test.outbox();
    const url = `/api/register/confirm/${linkToken(mail!, 'registration_confirm')}`;
    expect((await test.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    const again = await test.app.inject({ method: 'POST', url });
    expectAppError(again, 409, 'CONFLICT');
    expect(again.json<{ error: { reason: string } }>().error.reason).toBe('ALREADY_CONFIRMED');
    expect(again.headers.authorization).toBeUndefined();
  });

  it('refuses an expired token and a made-up one', async () => {
    await register(validRegistration());
    const [mail] = await test.outbox();
    test.clock.advance(49 * HOUR);
    const url = `/api/register/confirm/${linkToken(mail!, 'registration_confirm')}`;
    expectAppError(await test.app.inject({ method: 'POST', url }), 400, 'INVALID_TOKEN');
    expectAppError(
      await test.app.inject({
        method: 'POST',
        url: '/api/register/confirm/not-a-real-token-at-all',
      }),
      400,
      'INVALID_TOKEN',
    );
  });
});

describe('PUT /api/register/token/resend', () => {
  function resend(email: string) {
    return test.app.inject({
      method: 'PUT',
      url: '/api/register/token/resend',
      payload: { email },
    });
  }

  it('sends a new link that replaces the old one, up to three sends in all', async () => {
    const payload = validRegistration();
    await register(payload);
    const [first] = await test.outbox();

    expect((await resend(payload.email)).statusCode).toBe(204);
    expect((await resend(payload.email)).statusCode).toBe(204);
    expect(await test.outbox()).toHaveLength(3);
    // The fourth send (third resend) is refused: the counter started at 1.
    expectAppError(await resend(payload.email), 429, 'LIMIT_EXCEEDED');
    expect(await test.outbox()).toHaveLength(3);

    const oldUrl = `/api/register/confirm/${linkToken(first!, 'registration_confirm')}`;
    expectAppError(await test.app.inject({ method: 'POST', url: oldUrl }), 400, 'INVALID_TOKEN');
    const [newest] = await test.outbox();
    const newUrl = `/api/register/confirm/${linkToken(newest!, 'registration_confirm')}`;
    expect((await test.app.inject({ method: 'POST', url: newUrl })).statusCode).toBe(200);
  });

  it('answers alike for an unknown email and sends nothing', async () => {
    expect((await resend(uniqueEmail())).statusCode).toBe(204);
    expect(await test.outbox()).toEqual([]);
  });
});

describe('POST /api/login', () => {
  it('returns the JWT in the Authorization header and the body', async () => {
    const { email } = await signUpConfirmed(test);
    const response = await login(email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const session = response.json<{ token: string; user: { email: string } }>();
    expect(response.headers.authorization).toBe(`Bearer ${session.token}`);
    expect(session.user.email).toBe(email);
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(session.token),
    });
    expect(me.json<{ email: string }>().email).toBe(email);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await signUpConfirmed(test);
    expectAppError(await login(email, 'Wrong#Pass99'), 401, 'INVALID_CREDENTIALS');
    expectAppError(await login(uniqueEmail(), STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it('does not pattern-check the login password', async () => {
    const { email } = await signUpConfirmed(test);
    expectAppError(await login(email, 'x'), 401, 'INVALID_CREDENTIALS');
  });

  it('keeps the language the user signs in with for later mail', async () => {
    const { email } = await signUpConfirmed(test);
    await login(email, STRONG_PASSWORD, { 'accept-language': 'es' });
    await test.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email } });
    const [mail] = await test.outbox();
    expect(mail?.subject).toBe('Restablece tu contraseña de Neuron Platform');
  });
});

describe('rate limiting', () => {
  it.each([
    ['POST', '/api/login', { email: 'ana@acme-industries.com', password: 'x' }],
    ['POST', '/api/register', { email: 'ana@gmail.com' }],
    ['POST', '/api/register/confirm/not-a-real-token-at-all', undefined],
    ['PUT', '/api/register/token/resend', { email: 'ana@acme-industries.com' }],
    ['POST', '/api/forgot_password', { email: 'ana@acme-industries.com' }],
    ['POST', '/api/reset_password', { token: 'not-a-real-token-at-all', password: 'x' }],
  ] as const)(
    'answers 429 to %s %s after too many attempts from one address',
    async (method, url, payload) => {
      const limited = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
      try {
        const attempt = () =>
          limited.app.inject({
            method,
            url,
            headers: { 'x-app-id': 'web' },
            ...(payload ? { payload } : {}),
          });
        for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).not.toBe(429);
        expectAppError(await attempt(), 429, 'RATE_LIMITED');
      } finally {
        await limited.close();
      }
    },
  );
});

describe('wrong passwords in a row', () => {
  const ADDRESSES = ['203.0.113.1', '198.51.100.7', '192.0.2.44', '203.0.113.99'];

  function loginFrom(address: string, email: string, password: string) {
    return test.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      payload: { email, password },
    });
  }

  async function guessFiveTimes(email: string) {
    for (let guess = 0; guess < 5; guess++) {
      const address = ADDRESSES[guess % 3] ?? '';
      expectAppError(
        await loginFrom(address, email, `Wrong#Guess${String(guess)}`),
        401,
        'INVALID_CREDENTIALS',
      );
    }
  }

  it('pause the account’s sign-ins from every address, mail its owner once, and end in time', async () => {
    const { email } = await signUpConfirmed(test);
    await guessFiveTimes(email);
    expectAppError(
      await loginFrom(ADDRESSES[3] ?? '', email, STRONG_PASSWORD),
      429,
      'RATE_LIMITED',
    );
    expectAppError(await loginFrom(ADDRESSES[0] ?? '', email, 'Wrong#Guess9'), 429, 'RATE_LIMITED');
    const paused = (await test.outbox()).filter(
      (message) => message.to === email && message.subject.includes('paused'),
    );
    expect(paused).toHaveLength(1);
    expect(paused[0]?.text).toContain('/forgot');

    test.clock.advance(15 * 60_000 + 1000);
    expect((await loginFrom(ADDRESSES[3] ?? '', email, STRONG_PASSWORD)).statusCode).toBe(200);
    expectAppError(
      await loginFrom(ADDRESSES[0] ?? '', email, 'Wrong#Guess1'),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('pause longer each time the guessing goes on', async () => {
    const { email } = await signUpConfirmed(test);
    await guessFiveTimes(email);
    test.clock.advance(15 * 60_000 + 1000);
    expectAppError(
      await loginFrom(ADDRESSES[0] ?? '', email, 'Wrong#Guess6'),
      401,
      'INVALID_CREDENTIALS',
    );
    test.clock.advance(20 * 60_000);
    expectAppError(
      await loginFrom(ADDRESSES[1] ?? '', email, STRONG_PASSWORD),
      429,
      'RATE_LIMITED',
    );
    test.clock.advance(11 * 60_000);
    expect((await loginFrom(ADDRESSES[1] ?? '', email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('pause an address of no account alike, so the pause tells nothing, and mail no one', async () => {
    const email = uniqueEmail('nobody');
    await guessFiveTimes(email);
    expectAppError(
      await loginFrom(ADDRESSES[3] ?? '', email, STRONG_PASSWORD),
      429,
      'RATE_LIMITED',
    );
    expect((await test.outbox()).filter((message) => message.to === email)).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('does the same work for a known and an unknown address: one queued job each', async () => {
    const { email } = await signUpConfirmed(test);
    await test.outbox();
    for (const address of [email, uniqueEmail('nobody')]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/forgot_password',
        payload: { email: address },
      });
      expect(response.statusCode).toBe(204);
    }
    const queued = await test.app.deps.db
      .select({ name: jobs.name })
      .from(jobs)
      .where(eq(jobs.status, 'pending'));
    expect(queued.map((job) => job.name)).toEqual(['auth.forgot-password', 'auth.forgot-password']);
    const mails = await test.outbox();
    expect(mails.filter((mail) => mail.subject.includes('Reset')).map((mail) => mail.to)).toEqual([
      email,
    ]);
  });

  async function requestReset(email: string): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email },
    });
    expect(response.statusCode).toBe(204);
    const mail = (await test.outbox()).find((message) => message.subject.includes('Reset'));
    return linkToken(mail!, 'reset_password');
  }

  function reset(token: string, password: string) {
    return test.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token, password },
    });
  }

  it('sets a new password once and ends older sessions', async () => {
    const { email, token: oldSession } = await signUpConfirmed(test);
    const resetToken = await requestReset(email);
    expect((await reset(resetToken, 'Quiet!River58')).statusCode).toBe(204);

    expectAppError(await login(email, STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, 'Quiet!River58')).statusCode).toBe(200);
    expectAppError(
      await test.app.inject({ method: 'GET', url: '/api/user', headers: bearer(oldSession) }),
      401,
      'UNAUTHORIZED',
    );
    expectAppError(await reset(resetToken, 'Other!River58'), 400, 'INVALID_TOKEN');
  });

  it('ends a pause of the account’s sign-ins with the new password', async () => {
    const { email } = await signUpConfirmed(test);
    for (let guess = 0; guess < 5; guess++) await login(email, `Wrong#Guess${String(guess)}`);
    expectAppError(await login(email, STRONG_PASSWORD), 429, 'RATE_LIMITED');
    const resetToken = await requestReset(email);
    expect((await reset(resetToken, 'Quiet!River58')).statusCode).toBe(204);
    expect((await login(email, 'Quiet!River58')).statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const { email } = await signUpConfirmed(test);
    const resetToken = await requestReset(email);
    test.clock.advance(2 * HOUR + 1000);
    expectAppError(await reset(resetToken, 'Quiet!River58'), 400, 'INVALID_TOKEN');
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password with an illegal sequence and keeps the link usable', async () => {
    const { email } = await signUpConfirmed(test);
    const resetToken = await requestReset(email);
    const response = await reset(resetToken, 'Quiet!abc58');
    expectAppError(response, 400, 'VALIDATION', 'password');
    expect(response.json<{ error: { message: string } }>().error.message).toContain(
      'illegal sequence',
    );
    expect((await reset(resetToken, 'Quiet!River58')).statusCode).toBe(204);
  });

  it('answers alike for an unknown email and sends nothing', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(204);
    expect(await test.outbox()).toEqual([]);
  });
});

describe('POST /api/update_password', () => {
  function updatePassword(token: string, payload: Record<string, string>) {
    return test.app.inject({
      method: 'POST',
      url: '/api/update_password',
      headers: bearer(token),
      payload,
    });
  }

  it('changes the password, gives this session a new token and ends the others', async () => {
    const { email, token } = await signUpConfirmed(test);
    const response = await updatePassword(token, {
      oldPassword: STRONG_PASSWORD,
      password: 'Quiet!River58',
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ token: string }>().token;
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/user', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
    expectAppError(
      await test.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
      401,
      'UNAUTHORIZED',
    );
    expect((await login(email, 'Quiet!River58')).statusCode).toBe(200);
  });

  it('refuses a wrong old password with 400, not 401, so the user stays signed in', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await updatePassword(token, { oldPassword: 'Wrong#Pass99', password: 'Quiet!River58' }),
      400,
      'VALIDATION',
      'oldPassword',
    );
  });

  it.each(['Quiet!abc58', 'Quiet!River321', 'ZYX!river58'])(
    'refuses %s for its illegal sequence',
    async (password) => {
      const { email, token } = await signUpConfirmed(test);
      const response = await updatePassword(token, { oldPassword: STRONG_PASSWORD, password });
      expectAppError(response, 400, 'VALIDATION', 'password');
      expect(response.json<{ error: { message: string } }>().error.message).toContain(
        'illegal sequence',
      );
      expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('pauses after five wrong old passwords in a row, the right one included', async () => {
    const { token } = await signUpConfirmed(test);
    for (let guess = 0; guess < 5; guess++) {
      expectAppError(
        await updatePassword(token, {
          oldPassword: `Wrong#Guess${String(guess)}`,
          password: 'Quiet!River58',
        }),
        400,
        'VALIDATION',
      );
    }
    expectAppError(
      await updatePassword(token, { oldPassword: STRONG_PASSWORD, password: 'Quiet!River58' }),
      429,
      'RATE_LIMITED',
    );
  });

  it('needs a session', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/update_password',
      payload: { oldPassword: STRONG_PASSWORD, password: 'Quiet!River58' },
    });
    expectAppError(response, 401, 'UNAUTHORIZED');
  });
});
