import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  WORD_FILE_MAX_BYTES,
  type TUsageLogsResponse,
  type TWordFileContent,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../../db/schema/index.js';
import { PNG_1X1, fileUpload } from '../../test/fixtures.js';
import { legalMindToken } from './legal-mind-fixtures.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';

const test = useTestApp();

/** A Word 97–2003 judgment, shared with the browser journey. */
const JUDGMENT_DOC = readFileSync(
  path.join(import.meta.dirname, '../../../../../e2e/fixtures/judgment.doc'),
);

async function upload(body: Buffer, options: { field?: string; token?: string | null } = {}) {
  const token = options.token === undefined ? (await legalMindToken(test)).token : options.token;
  const { payload, headers } = fileUpload(
    { body, filename: 'judgment.doc', contentType: 'application/msword' },
    options.field ?? 'file',
  );
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return test.app.inject({
    method: 'POST',
    url: `/api/legal-mind/word-file${query}`,
    headers,
    payload,
  });
}

describe('POST /api/legal-mind/word-file', () => {
  it('turns a Word 97–2003 file into its paragraphs, as text and as HTML', async () => {
    const response = await upload(JUDGMENT_DOC);
    expect(response.statusCode, response.body).toBe(200);
    const content = response.json<TWordFileContent>();
    expect(content.text.split('\n')).toEqual([
      'FIRST SECTION',
      'CASE OF SMITH v. THE UNITED KINGDOM',
      '(Application no. 54321/09)',
      'The applicant, Mr John Smith, is a British national who was born in 1968 and lives in Leeds.',
      'On 3 May 2009 the Leeds Crown Court convicted Mr Smith of fraud.',
    ]);
    expect(content.html).toContain('<p>CASE OF SMITH v. THE UNITED KINGDOM</p>');
  });

  it('reads a file above the photo limit, up to its own', async () => {
    const padded = Buffer.concat([JUDGMENT_DOC, Buffer.alloc(1024 * 1024)]);
    const response = await upload(padded);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a file that is not a Word 97–2003 document, by its content', async () => {
    expectAppError(await upload(PNG_1X1), 400, 'VALIDATION', 'file');
    const docxRenamed = Buffer.from('PK\u0003\u0004 not an OLE file');
    const response = await upload(docxRenamed);
    expectAppError(response, 400, 'VALIDATION', 'file');
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields.file).toBe(
      'validation.wordFile.type',
    );
  });

  it('says a damaged Word file cannot be read', async () => {
    const damaged = Buffer.concat([JUDGMENT_DOC.subarray(0, 8), Buffer.alloc(600)]);
    const response = await upload(damaged);
    expectAppError(response, 400, 'VALIDATION', 'file');
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields.file).toBe(
      'validation.wordFile.unreadable',
    );
  });

  it('answers 413 above its size limit', async () => {
    const huge = Buffer.concat([JUDGMENT_DOC, Buffer.alloc(WORD_FILE_MAX_BYTES)]);
    expectAppError(await upload(huge), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a document longer than the team’s plan takes with PLAN_EXCEEDED', async () => {
    await test.app.deps.db
      .update(plans)
      .set({ maxDocumentCharacters: 100 })
      .where(eq(plans.code, 'FREE'));
    const response = await upload(JUDGMENT_DOC);
    expectAppError(response, 422, 'PLAN_EXCEEDED');
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      /the Free Forever plan takes documents of up to 100 characters/,
    );
    const paid = await legalMindToken(test, { plan: 'BASIC' });
    expect((await upload(JUDGMENT_DOC, { token: paid.token })).statusCode).toBe(200);
  });

  it('needs the file in the field "file"', async () => {
    expectAppError(await upload(JUDGMENT_DOC, { field: 'image' }), 400, 'VALIDATION', 'file');
  });

  it('needs a LegalMind token, and does not count the conversion as a call', async () => {
    expectAppError(await upload(JUDGMENT_DOC, { token: null }), 401, 'UNAUTHORIZED');
    expectAppError(await upload(JUDGMENT_DOC, { token: 'nrn_made-up' }), 401, 'UNAUTHORIZED');

    const { session, token } = await legalMindToken(test);
    expect((await upload(JUDGMENT_DOC, { token })).statusCode).toBe(200);
    const logs = await test.app.inject({
      method: 'GET',
      url: '/api/logs/LegalMind/month',
      headers: bearer(session),
    });
    expect(logs.json<TUsageLogsResponse>()).toHaveLength(0);
  });

  // Last in the file: it spends the minute's allowance of the test client's address.
  it('slows a client that converts more than 30 files a minute', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await upload(PNG_1X1, { token: null })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
