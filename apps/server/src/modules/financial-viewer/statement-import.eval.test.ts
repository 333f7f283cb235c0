import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TImportResult, TTransactionsResponse } from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { formUpload } from '../../test/fixtures.js';
import { bearer, useTestApp } from '../../test/test-app.js';
import {
  addManualAccount,
  createFileConnection,
  financialViewerTeam,
} from './financial-viewer-fixtures.js';

const STATEMENTS = path.resolve(
  fileURLToPath(new URL('../../../../../', import.meta.url)),
  '../shared/eval/statements',
);
const MANIFEST = path.join(STATEMENTS, 'manifest.json');

type ManifestEntry = { file: string; n_transactions: number; sum_of_amounts: string };

const entries = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: ManifestEntry[] }).files;

const test = useTestApp();

/** Every real export of the evaluation set, through the import API as the wizard sends it. */
describe('importing the evaluation statements', () => {
  it.each(entries)('$file imports with its manifest count and sum', async (entry) => {
    const team = await financialViewerTeam(test);
    const connection = await createFileConnection(test, team.session);
    const accountId = await addManualAccount(test, team.session, connection.conId, {
      account_number: `EVAL-${entry.file}`,
      account_balance: 0,
    });
    const { payload, headers } = formUpload({
      fields: { account_id: accountId },
      file: {
        field: 'document',
        body: readFileSync(path.join(STATEMENTS, entry.file)),
        filename: entry.file,
        contentType: 'application/octet-stream',
      },
    });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/import',
      headers: { ...headers, ...bearer(team.session) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TImportResult>().added).toBe(entry.n_transactions);
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/transaction?accountIds=${accountId}&pageSize=10000`,
      headers: bearer(team.session),
    });
    const items = stored.json<TTransactionsResponse>().items;
    expect(items).toHaveLength(entry.n_transactions);
    const sum = items.reduce((total, item) => total + item.txAmount, 0);
    expect(sum).toBe(Math.round(Number(entry.sum_of_amounts) * 100));
  });
});
