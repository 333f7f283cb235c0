import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportMessages } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';

const test = useTestApp({ SUPPORT_EMAIL: 'help@neuron-platform.test' });

function contact(token: string | undefined, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/user/contact',
    headers: token ? bearer(token) : {},
    payload,
  });
}

describe('POST /api/user/contact', () => {
  it('stores the message for the team and mails it to the support address', async () => {
    const { token, email, teamId } = await signUpConfirmed(test);
    await test.outbox();
    const response = await contact(token, {
      subject: 'Invoice question',
      body: 'Where is my invoice?',
    });
    expect(response.statusCode).toBe(204);

    const [mail] = await test.outbox();
    expect(mail?.to).toBe('help@neuron-platform.test');
    expect(mail?.subject).toBe('[Support] Invoice question');
    expect(mail?.text).toContain(email);
    expect(mail?.text).toContain('Where is my invoice?');

    const stored = await test.app.deps.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.teamId, teamId));
    expect(stored).toMatchObject([{ subject: 'Invoice question', body: 'Where is my invoice?' }]);
  });

  it.each([
    ['an empty subject', { subject: '  ', body: 'Hello' }, 'subject'],
    ['an empty body', { subject: 'Hello', body: '' }, 'body'],
    ['an overlong subject', { subject: 'x'.repeat(201), body: 'Hello' }, 'subject'],
  ])('refuses %s and sends nothing', async (_case, payload, field) => {
    const { token } = await signUpConfirmed(test);
    await test.outbox();
    expectAppError(await contact(token, payload), 400, 'VALIDATION', field);
    expect(await test.outbox()).toHaveLength(1);
    expect(await test.app.deps.db.select().from(supportMessages)).toEqual([]);
  });

  it('needs a session', async () => {
    expectAppError(await contact(undefined, { subject: 'Hi', body: 'Hello' }), 401, 'UNAUTHORIZED');
  });
});
