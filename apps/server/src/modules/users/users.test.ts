import { describe, expect, it } from 'vitest';
import { PNG_1X1, fileUpload, withTamperedSignature } from '../../test/fixtures.js';
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

const profile = {
  firstName: 'Lucía',
  lastName: 'Martín',
  email: 'lucia@acme-industries.com',
  companyName: 'Acme Industries',
  nif: 'B12345678',
  billingAddress: 'Calle Mayor 1',
  zip: '28013',
  region: 'Madrid',
  country: 'ES',
};

function getUser(token: string) {
  return test.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
}

function putUser(token: string, payload: Record<string, unknown>) {
  return test.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload });
}

describe('GET /api/user', () => {
  it('returns the current user fields of the spec', async () => {
    const { token, email, userId, teamId } = await signUpConfirmed(test);
    const response = await getUser(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: userId,
      email,
      roles: [5],
      teamId,
      blocked: false,
      dataverseEnabled: false,
      firstName: 'Ana',
      lastName: 'García',
      photoUrl: null,
      language: 'en-US',
    });
  });

  it('marks a user blocked when the email holds the configured fragment', async () => {
    const blockedApp = await buildTestApp({ BLOCKED_EMAIL_FRAGMENT: '+blocked' });
    try {
      const { token } = await signUpConfirmed(blockedApp, {
        email: 'ana+blocked@acme-industries.com',
      });
      const response = await blockedApp.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(token),
      });
      expect(response.json<{ blocked: boolean }>().blocked).toBe(true);
    } finally {
      await blockedApp.close();
    }
  });
});

describe('PUT /api/user', () => {
  it('updates the profile and returns it', async () => {
    const { token, email } = await signUpConfirmed(test);
    const changes = { ...profile, email };
    const response = await putUser(token, changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...changes, pendingEmail: null });
    expect((await getUser(token)).json()).toMatchObject(changes);
  });

  it.each([
    ['a free-mail email', { email: 'lucia@hotmail.com' }, 'email'],
    ['a name without letters', { firstName: '—' }, 'firstName'],
    ['an overlong address', { billingAddress: 'x'.repeat(201) }, 'billingAddress'],
    ['a country that is not a code of the list', { country: 'Spain' }, 'country'],
  ])('refuses %s and changes nothing', async (_case, overrides, field) => {
    const { token } = await signUpConfirmed(test);
    expectAppError(await putUser(token, { ...profile, ...overrides }), 400, 'VALIDATION', field);
    expect((await getUser(token)).json()).toMatchObject({ firstName: 'Ana', nif: '' });
  });
});

describe('email change', () => {
  const HOUR = 3_600_000;

  function confirmEmail(token: string, headers: Record<string, string> = {}) {
    return test.app.inject({
      method: 'POST',
      url: `/api/user/email/confirm/${token}`,
      headers,
    });
  }

  function login(email: string) {
    return test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: STRONG_PASSWORD },
    });
  }

  /** Asks for `newEmail` in the profile; answers the link mailed to it, if any. */
  async function requestChange(token: string, newEmail: string) {
    const response = await putUser(token, { ...profile, email: newEmail });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await test.outbox()).find((message) => message.to === newEmail);
    return { response, mail };
  }

  it('keeps the email, mails a link to the new address and a notice to the current one', async () => {
    const { token, email } = await signUpConfirmed(test);
    const newEmail = uniqueEmail('lucia');
    const { response, mail } = await requestChange(token, newEmail);

    expect(response.json()).toMatchObject({ ...profile, email, pendingEmail: newEmail });
    expect((await getUser(token)).json()).toMatchObject({ email, pendingEmail: newEmail });
    expect(mail?.subject).toBe('Confirm your new email for Neuron Platform');
    expect(mail?.text).toContain('http://localhost:3000/email_confirm/');
    const notice = (await test.outbox()).find(
      (message) => message.to === email && message.subject.includes('change'),
    );
    expect(notice?.subject).toBe('A change of your Neuron Platform email was requested');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain('http://localhost:3000/account/profile');
    expect(notice?.text).not.toContain('/email_confirm/');
    expect((await login(email)).statusCode).toBe(200);
  });

  it('changes the email by the link, answers a new session and ends the others', async () => {
    const { token: oldSession, email, userId } = await signUpConfirmed(test);
    const newEmail = uniqueEmail('lucia');
    const { mail } = await requestChange(oldSession, newEmail);

    const response = await confirmEmail(linkToken(mail!, 'email_confirm'));
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<{ token: string; user: { id: string; email: string } }>();
    expect(session.user).toMatchObject({ id: userId, email: newEmail, pendingEmail: null });
    expect(response.headers.authorization).toBe(`Bearer ${session.token}`);
    expect((await getUser(session.token)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expectAppError(await getUser(oldSession), 401, 'UNAUTHORIZED');
    expect((await login(newEmail)).statusCode).toBe(200);
    expectAppError(await login(email), 401, 'INVALID_CREDENTIALS');
  });

  it('treats the current email in other capitals as no change and mails no one', async () => {
    const { token, email } = await signUpConfirmed(test);
    await test.outbox();
    const response = await putUser(token, { ...profile, email: email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email, pendingEmail: null });
    expect(await test.outbox()).toHaveLength(1);
  });

  it('keeps a pending change while other fields are saved with the current email', async () => {
    const { token, email } = await signUpConfirmed(test);
    const newEmail = uniqueEmail('lucia');
    const { mail } = await requestChange(token, newEmail);
    const response = await putUser(token, { ...profile, email, region: 'Galicia' });
    expect(response.json()).toMatchObject({ email, region: 'Galicia', pendingEmail: newEmail });
    expect((await confirmEmail(linkToken(mail!, 'email_confirm'))).statusCode).toBe(200);
  });

  it('answers an address of another account alike, mails its owner a notice and changes nothing', async () => {
    const other = await signUpConfirmed(test, { language: 'es' });
    const { token, email } = await signUpConfirmed(test);
    const free = await requestChange(token, uniqueEmail('lucia'));
    const { response, mail } = await requestChange(token, other.email);

    expect(response.statusCode).toBe(free.response.statusCode);
    expect(Object.keys(response.json<object>())).toEqual(Object.keys(free.response.json<object>()));
    expect(response.json()).toMatchObject({ email, pendingEmail: other.email });
    expect(mail?.subject).toBe(
      'Alguien ha intentado llevar tu dirección a otra cuenta de Neuron Platform',
    );
    const outbox = await test.outbox();
    expect(
      outbox.filter(
        (message) => message.to === other.email && message.text.includes('/email_confirm/'),
      ),
    ).toEqual([]);
    expect(
      outbox.filter((message) => message.to === email && message.text.includes(other.email)),
    ).toHaveLength(1);
    // The first request's link died with the second request; nothing can confirm the address.
    expectAppError(
      await confirmEmail(linkToken(free.mail!, 'email_confirm')),
      400,
      'INVALID_TOKEN',
    );
    expect((await getUser(token)).json()).toMatchObject({ email });
    expect((await getUser(other.token)).json()).toMatchObject({ email: other.email });
    expect((await login(other.email)).statusCode).toBe(200);
  });

  it('answers 409 when the address was taken after the link was sent, and changes nothing', async () => {
    const { token, email } = await signUpConfirmed(test);
    const newEmail = uniqueEmail('lucia');
    const { mail } = await requestChange(token, newEmail);
    await signUpConfirmed(test, { email: newEmail });

    expectAppError(
      await confirmEmail(linkToken(mail!, 'email_confirm')),
      409,
      'EMAIL_TAKEN',
      'email',
    );
    expect((await getUser(token)).json()).toMatchObject({ email, pendingEmail: newEmail });
  });

  it('lets only the newest link work after a second request', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await requestChange(token, uniqueEmail('first'));
    const secondEmail = uniqueEmail('second');
    const second = await requestChange(token, secondEmail);

    expectAppError(
      await confirmEmail(linkToken(first.mail!, 'email_confirm')),
      400,
      'INVALID_TOKEN',
    );
    const response = await confirmEmail(linkToken(second.mail!, 'email_confirm'));
    expect(response.json<{ user: { email: string } }>().user.email).toBe(secondEmail);
  });

  it('cancels a pending change, and its link dies', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { mail } = await requestChange(token, uniqueEmail('lucia'));

    const response = await test.app.inject({
      method: 'DELETE',
      url: '/api/user/email/pending',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect((await getUser(token)).json()).toMatchObject({ email, pendingEmail: null });
    expectAppError(await confirmEmail(linkToken(mail!, 'email_confirm')), 400, 'INVALID_TOKEN');
    expect((await getUser(token)).statusCode).toBe(200);
  });

  it('needs a session to cancel', async () => {
    expectAppError(
      await test.app.inject({ method: 'DELETE', url: '/api/user/email/pending' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('refuses an expired link and keeps the email', async () => {
    const { token, email } = await signUpConfirmed(test);
    const { mail } = await requestChange(token, uniqueEmail('lucia'));
    test.clock.advance(24 * HOUR + 1000);
    expectAppError(await confirmEmail(linkToken(mail!, 'email_confirm')), 400, 'INVALID_TOKEN');
    expect((await login(email)).statusCode).toBe(200);
  });

  it('refuses a link used twice', async () => {
    const { token } = await signUpConfirmed(test);
    const { mail } = await requestChange(token, uniqueEmail('lucia'));
    const link = linkToken(mail!, 'email_confirm');
    expect((await confirmEmail(link)).statusCode).toBe(200);
    expectAppError(await confirmEmail(link), 400, 'INVALID_TOKEN');
  });

  it('refuses a made-up token and a token of another purpose, even with a session', async () => {
    const victim = await signUpConfirmed(test);
    const attacker = await signUpConfirmed(test);
    await requestChange(victim.token, uniqueEmail('lucia'));
    await test.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email: attacker.email },
    });
    const reset = (await test.outbox()).find((message) => message.to === attacker.email);

    for (const forged of ['not-a-real-token-at-all', linkToken(reset!, 'reset_password')]) {
      expectAppError(await confirmEmail(forged, bearer(attacker.token)), 400, 'INVALID_TOKEN');
    }
    expect((await getUser(victim.token)).json()).toMatchObject({ email: victim.email });
    expect((await getUser(attacker.token)).json()).toMatchObject({
      email: attacker.email,
      pendingEmail: null,
    });
  });

  it('answers 429 to the link and to change requests after too many from one address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const { token } = await signUpConfirmed(limited);
      const attempts = [
        () =>
          limited.app.inject({ method: 'POST', url: '/api/user/email/confirm/not-a-real-token' }),
        () =>
          limited.app.inject({
            method: 'PUT',
            url: '/api/user',
            headers: bearer(token),
            payload: { ...profile, email: uniqueEmail('lucia') },
          }),
      ];
      for (const attempt of attempts) {
        for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).not.toBe(429);
        expectAppError(await attempt(), 429, 'RATE_LIMITED');
      }
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /api/user/language', () => {
  it('writes later mail in the language the user switched to', async () => {
    const { token, email } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: bearer(token),
      payload: { language: 'es' },
    });
    expect(response.statusCode).toBe(204);
    expect((await getUser(token)).json<{ language: string }>().language).toBe('es');
    await test.outbox();
    await test.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email } });
    const [mail] = await test.outbox();
    expect(mail?.subject).toBe('Restablece tu contraseña de Neuron Platform');
  });

  it('refuses a language the product does not offer', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: bearer(token),
      payload: { language: 'fr' },
    });
    expectAppError(response, 400, 'VALIDATION', 'language');
  });
});

describe('profile photo', () => {
  function upload(
    token: string,
    file: { body: Buffer; filename: string; contentType: string },
    field = 'image',
  ) {
    const { payload, headers } = fileUpload(file, field);
    return test.app.inject({
      method: 'POST',
      url: '/api/user/profile/photo',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
  }

  it('stores a png and serves it through a signed, expiring address', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await upload(token, {
      body: PNG_1X1,
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();

    const image = await test.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);

    const fetched = await test.app.inject({
      method: 'GET',
      url: '/api/user/profile/photo',
      headers: bearer(token),
    });
    expect(fetched.json<{ url: string }>().url).toMatch(/^\/api\/files\/photos\//);
    expect((await getUser(token)).json<{ photoUrl: string }>().photoUrl).toMatch(/^\/api\/files\//);

    test.clock.advance(2 * 3_600_000);
    expectAppError(await test.app.inject({ method: 'GET', url }), 403, 'FORBIDDEN');
  });

  it('refuses a tampered signature', async () => {
    const { token } = await signUpConfirmed(test);
    const { url } = (
      await upload(token, { body: PNG_1X1, filename: 'me.png', contentType: 'image/png' })
    ).json<{
      url: string;
    }>();
    expectAppError(
      await test.app.inject({ method: 'GET', url: withTamperedSignature(url) }),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses a text file named .png, checked by content', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await upload(token, {
      body: Buffer.from('not an image'),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expectAppError(response, 400, 'VALIDATION', 'image');
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields.image).toBe(
      'validation.image.type',
    );
    expectAppError(
      await test.app.inject({
        method: 'GET',
        url: '/api/user/profile/photo',
        headers: bearer(token),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses an image of 800 KB or more', async () => {
    const { token } = await signUpConfirmed(test);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(800 * 1024)]);
    const response = await upload(token, {
      body: big,
      filename: 'big.png',
      contentType: 'image/png',
    });
    expectAppError(response, 400, 'VALIDATION', 'image');
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields.image).toBe(
      'validation.image.tooLarge',
    );
  });

  it('refuses a file sent under another field name', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await upload(token, { body: PNG_1X1, filename: 'me.png', contentType: 'image/png' }, 'photo'),
      400,
      'VALIDATION',
      'image',
    );
  });

  it('replaces the previous photo', async () => {
    const { token } = await signUpConfirmed(test);
    const first = (
      await upload(token, { body: PNG_1X1, filename: 'a.png', contentType: 'image/png' })
    ).json<{ url: string }>();
    await upload(token, { body: PNG_1X1, filename: 'b.png', contentType: 'image/png' });
    expectAppError(await test.app.inject({ method: 'GET', url: first.url }), 404, 'NOT_FOUND');
  });
});

describe('sessions', () => {
  it.each([
    ['no token', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    [
      'a forged token',
      { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidHYiOjB9.c2lnbmF0dXJl' },
    ],
  ])('answers 401 to %s', async (_case, headers) => {
    expectAppError(
      await test.app.inject({ method: 'GET', url: '/api/user', headers }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('answers 401 to a token signed with another secret', async () => {
    const other = await buildTestApp({ JWT_SECRET: 'another-secret-that-is-long-enough-too' });
    try {
      const { token } = await signUpConfirmed(other, { email: uniqueEmail() });
      expectAppError(await getUser(token), 401, 'UNAUTHORIZED');
    } finally {
      await other.close();
    }
  });

  it('answers 401 once the token has expired', async () => {
    const { token } = await signUpConfirmed(test);
    test.clock.advance(7 * 24 * 3_600_000 + 1000);
    expectAppError(await getUser(token), 401, 'UNAUTHORIZED');
  });
});
