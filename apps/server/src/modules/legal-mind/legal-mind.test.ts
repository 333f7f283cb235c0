import type { TDocumentInsightsResponse, TUsageLogsResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, legalMindDocuments, plans } from '../../db/schema/index.js';
import { legalMindToken } from './legal-mind-fixtures.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';

const test = useTestApp();

const JUDGMENT =
  'The applicant, Mr John Smith, was born in 1970 and lives in Madrid. Mr Smith lodged application no. 12345/06 on 3 May 2006.';

/** The judgment repeated to exactly `characters` characters. */
function judgmentOf(characters: number): string {
  return `${JUDGMENT} `.repeat(Math.ceil(characters / (JUDGMENT.length + 1))).slice(0, characters);
}

function anonymize(mode: string, token: string | undefined, text: unknown) {
  return test.app.inject({
    method: 'POST',
    url: `/v1/${mode}/english${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    payload: { text },
  });
}

describe('POST /v1/{mode}/english', () => {
  it('answers the anonymised text as plain text, the same person replaced the same way', async () => {
    const { token } = await legalMindToken(test);
    const response = await anonymize('text', token, JUDGMENT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).not.toContain('Smith');
    expect(response.body).not.toContain('12345/06');
    expect(response.body).toContain('The applicant, ');
    const person = /\[PERSON_\d+\]/.exec(response.body)?.[0] ?? 'none';
    expect(response.body.split(person).length - 1).toBe(2);
  });

  it('keeps the HTML markup and changes only the text', async () => {
    const { token } = await legalMindToken(test);
    const html = '<p class="party">The applicant, <b>Mr John Smith</b>, lives in Madrid.</p>';
    const response = await anonymize('html', token, html);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toMatch(
      /^<p class="party">The applicant, <b>.*<\/b>, lives in .*\.<\/p>$/,
    );
    expect(response.body).not.toContain('Smith');
  });

  it.each([
    ['HTML in text mode', 'text', '<p>Mr John Smith</p>', 'The text is not in plain format'],
    ['plain text in HTML mode', 'html', 'Mr John Smith', 'The text is not in HTML format'],
    ['empty text', 'text', '   ', 'The text is empty.'],
    ['a wrong mode', 'pdf', 'Mr John Smith', 'The mode must be text or html, not pdf.'],
  ])('answers 400 to %s', async (_case, mode, text, message) => {
    const { token } = await legalMindToken(test);
    const response = await anonymize(mode, token, text);
    expectAppError(response, 400, 'VALIDATION');
    expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
  });

  it('answers 413 above a million characters', async () => {
    const { token } = await legalMindToken(test);
    expectAppError(await anonymize('text', token, 'a'.repeat(1_000_001)), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a free-plan team a text above its plan’s 100,000 characters, meters no success', async () => {
    const { session, token } = await legalMindToken(test);
    const response = await anonymize('text', token, judgmentOf(150_000));
    expectAppError(response, 422, 'PLAN_EXCEEDED');
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'The document has 150,000 characters and the Free Forever plan takes documents of up to 100,000 characters. Change to a higher plan or split the document.',
    );
    const logs = await test.app.inject({
      method: 'GET',
      url: '/api/logs/LegalMind/day',
      headers: bearer(session),
    });
    expect(logs.json<TUsageLogsResponse>().map((entry) => [entry.statusCode, entry.units])).toEqual(
      [[422, 0]],
    );
    expect(await test.app.deps.db.select().from(legalMindDocuments)).toEqual([]);
  });

  it('anonymises the same 150,000 characters for a paid-plan team', async () => {
    const { token } = await legalMindToken(test, { plan: 'BASIC' });
    const response = await anonymize('text', token, judgmentOf(150_000));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('Smith');
  });

  it('keeps the API answering while it anonymises a million characters', async () => {
    const { token } = await legalMindToken(test, { plan: 'BASIC' });
    const text = `${JUDGMENT} `.repeat(Math.floor(1_000_000 / (JUDGMENT.length + 1)));
    const finished: string[] = [];
    const longCall = anonymize('text', token, text).then((response) => {
      finished.push('anonymize');
      return response;
    });
    await expect
      .poll(
        async () =>
          (await test.app.deps.db.select().from(apiCalls).where(eq(apiCalls.statusCode, 102)))
            .length,
        { interval: 5 },
      )
      .toBe(1);
    const health = await test.app.inject({ method: 'GET', url: '/api/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    const response = await longCall;
    expect(response.statusCode, response.body).toBe(200);
    expect(finished).toEqual(['health', 'anonymize']);
    expect(response.body).not.toContain('Smith');
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'nrn_unknown'],
  ])('answers 401 "Invalid or expired token" to %s', async (_case, token) => {
    const response = await anonymize('text', token, JUDGMENT);
    expectAppError(response, 401, 'UNAUTHORIZED');
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Invalid or expired token',
    );
  });

  it('answers 429 past the plan limit, and logs every call', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ callsLimitMonthly: 1 })
      .where(eq(plans.code, 'FREE'));
    const { session, token } = await legalMindToken(test);
    expect((await anonymize('text', token, JUDGMENT)).statusCode).toBe(200);
    // The test clock stands still: a second later, so that "newest first" has an order to show.
    test.clock.advance(1000);
    expectAppError(await anonymize('text', token, JUDGMENT), 429, 'LIMIT_EXCEEDED');
    const logs = await test.app.inject({
      method: 'GET',
      url: '/api/logs/LegalMind/day',
      headers: bearer(session),
    });
    expect(
      logs.json<TUsageLogsResponse>().map((entry) => [entry.endpoint, entry.statusCode]),
    ).toEqual([
      ['POST /v1/text/english', 429],
      ['POST /v1/text/english', 200],
    ]);
  });
});

describe('GET /api/microservice/swagger/{neuron}', () => {
  it('serves the LegalMind API document and 404 for a neuron without one', async () => {
    const { session } = await legalMindToken(test);
    const document = await test.app.inject({
      method: 'GET',
      url: '/api/microservice/swagger/LegalMind',
      headers: bearer(session),
    });
    expect(document.statusCode, document.body).toBe(200);
    const body = document.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, unknown>;
    }>();
    expect(body.info.title).toBe('LegalMind API');
    expect(Object.keys(body.paths)).toEqual(['/v1/{mode}/english']);
    const none = await test.app.inject({
      method: 'GET',
      url: '/api/microservice/swagger/Dataverse',
      headers: bearer(session),
    });
    expectAppError(none, 404, 'NOT_FOUND');
  });
});

describe('GET /api/legal-mind/insights/{period}', () => {
  function insights(session: string, period = 'week') {
    return test.app.inject({
      method: 'GET',
      url: `/api/legal-mind/insights/${period}`,
      headers: bearer(session),
    });
  }

  it('counts the kinds of personal data in the team’s documents and keeps none of the text', async () => {
    const { session, token } = await legalMindToken(test);
    expect((await anonymize('text', token, JUDGMENT)).statusCode).toBe(200);
    const contact = 'Write to Mr John Smith at john.smith@example.com or to jane@example.org.';
    expect((await anonymize('text', token, contact)).statusCode).toBe(200);
    expect((await anonymize('text', token, '   ')).statusCode).toBe(400);

    const response = await insights(session);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TDocumentInsightsResponse>();
    expect(body).toMatchObject({ period: 'week', documents: 2 });
    expect(body.characters).toBe(JUDGMENT.length + contact.length);
    const kinds = Object.fromEntries(body.kinds.map((kind) => [kind.label, kind]));
    expect(kinds.EMAIL).toEqual({ label: 'EMAIL', findings: 2, documents: 1 });
    expect(kinds.PERSON?.documents).toBe(2);
    expect(body.findings).toBe(body.kinds.reduce((sum, kind) => sum + kind.findings, 0));
    expect(body.days.map((day) => [day.documents, day.findings])).toEqual([[2, body.findings]]);

    const stored = JSON.stringify(await test.app.deps.db.select().from(legalMindDocuments));
    expect(stored).not.toContain('Smith');
    expect(stored).not.toContain('example.com');
  });

  it('shows a team only its own documents, and refuses an unknown period', async () => {
    const { token } = await legalMindToken(test);
    expect((await anonymize('text', token, JUDGMENT)).statusCode).toBe(200);
    const stranger = await legalMindToken(test);
    const response = await insights(stranger.session, 'day');
    expect(response.json<TDocumentInsightsResponse>()).toMatchObject({
      documents: 0,
      characters: 0,
      findings: 0,
      kinds: [],
      days: [],
    });
    expectAppError(await insights(stranger.session, 'decade'), 400, 'VALIDATION');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/legal-mind/insights/day' });
    expect(anonymous.statusCode).toBe(401);
  });
});
