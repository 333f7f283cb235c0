import { describe, expect, it } from 'vitest';
import { supportMessages, users } from '../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../test/test-app.js';

const test = useTestApp();

describe('text no column or mail can hold', () => {
  it.each([
    ['a NUL character', 'a\u0000b@acme-alpha.es'],
    ['a lone high surrogate', 'a\ud800b@acme-alpha.es'],
    ['a lone low surrogate', 'a\udc00b@acme-alpha.es'],
  ])('refuses %s in a body field with 400 naming the field', async (_case, email) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forgot_password',
      payload: { email },
    });
    expectAppError(response, 400, 'VALIDATION');
    expect(response.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      email: 'validation.invalid',
    });
  });

  it('refuses it in any body field and in a query, and writes nothing', async () => {
    const { token } = await signUpConfirmed(test);
    const contact = (payload: { subject: string; body: string }) =>
      test.app.inject({
        method: 'POST',
        url: '/api/user/contact',
        headers: bearer(token),
        payload,
      });
    const nested = await contact({ subject: 'Invoice', body: 'Half a pair: \ud83d.' });
    expectAppError(nested, 400, 'VALIDATION');
    expect(nested.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      body: 'validation.invalid',
    });
    expect(await test.app.deps.db.select().from(supportMessages)).toEqual([]);

    const query = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/transaction?q=${encodeURIComponent('a\u0000')}`,
      headers: bearer(token),
    });
    expect(query.statusCode).toBe(400);
  });

  it('answers an address it cannot decode with the API’s own error envelope', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/import/%ED%A0%80',
      headers: bearer(token),
    });
    expectAppError(response, 400, 'VALIDATION');
  });

  it('keeps well-formed text, emoji and accents included', async () => {
    const { token } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/user/contact',
      headers: bearer(token),
      payload: { subject: 'Factura 👍', body: 'Señor Muñoz: ¿qué tal? 🇪🇸' },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await test.app.deps.db.select().from(users)).length).toBeGreaterThan(0);
  });
});
