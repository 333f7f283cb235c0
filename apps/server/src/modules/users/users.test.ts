import { describe, expect, it } from 'vitest';
import { PNG_1X1, fileUpload } from '../../test/fixtures.js';
import {
  bearer,
  buildTestApp,
  expectAppError,
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
    const { token } = await signUpConfirmed(test);
    const response = await putUser(token, profile);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject(profile);
    expect((await getUser(token)).json()).toMatchObject(profile);
  });

  it('refuses an email that another user holds', async () => {
    const other = await signUpConfirmed(test);
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await putUser(token, { ...profile, email: other.email }),
      409,
      'EMAIL_TAKEN',
      'email',
    );
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
      await test.app.inject({ method: 'GET', url: url.replace(/signature=./, 'signature=A') }),
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
