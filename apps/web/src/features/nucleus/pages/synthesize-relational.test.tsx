import type { TDataProfile, TSynthesizeRelationalRequest } from '@app/contracts/nucleus';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { fakeUpload } from '../testing/fake-upload';
import { ALGORITHMS, buildLimits, buildRun, nextId, signIn } from '../testing/nucleus-fixtures';
import { SynthesizePage } from './synthesize-page';

function tableProfile(runId: string, fileName: string, columns: string[], key: string) {
  const profile: TDataProfile = {
    runId,
    fileName,
    format: 'csv',
    rowCount: 50,
    columnCount: columns.length,
    columns: columns.map((name) => ({
      name,
      type: name.endsWith('_id') ? 'id' : 'numerical:integer',
      missing: 0,
      distinct: 50,
      personalData: null,
      isKey: name === key,
      distribution: null,
    })),
    warnings: [],
  };
  return profile;
}

/** Two uploads in turn: accounts, then transactions that refer to them by account_id. */
function renderRelational(routes: Record<string, StubReply> = {}) {
  signIn();
  const ids = [nextId(), nextId()];
  const profiles = [
    tableProfile(ids[0] ?? '', 'accounts.csv', ['account_id', 'district_id'], 'account_id'),
    tableProfile(
      ids[1] ?? '',
      'transactions.csv',
      ['trans_id', 'account_id', 'amount'],
      'trans_id',
    ),
  ];
  let uploads = 0;
  const spy = stubFetch({
    'POST /api/sinteza/run/url': () => {
      const runId = ids[uploads] ?? '';
      uploads += 1;
      return {
        status: 201,
        body: {
          runId,
          signedUrl: `/api/files/upload-${runId}?signature=s`,
          method: 'PUT',
          expiresAt: '2026-11-20T10:15:00Z',
          maxBytes: 52428800,
        },
      };
    },
    [`PUT /api/sinteza/run/${ids[0] ?? ''}/url/confirm`]: { body: profiles[0] },
    [`PUT /api/sinteza/run/${ids[1] ?? ''}/url/confirm`]: { body: profiles[1] },
    'GET /api/sinteza/algorithms': { body: ALGORITHMS },
    'GET /api/sinteza/limits': { body: buildLimits({ datasetPerRun: 5 }) },
    ...routes,
  });
  return {
    ids,
    spy,
    ...renderRoute({ path: '/nucleus/synthesize', element: <SynthesizePage /> }),
  };
}

function csvFile(name: string) {
  return new File(['a,b\n1,2\n'], name, { type: 'text/csv' });
}

/** Picks accounts, then transactions, each once the last is profiled. */
async function pickBoth() {
  fireEvent.change(screen.getByTestId('nucleus-file-input'), {
    target: { files: [csvFile('accounts.csv')] },
  });
  await screen.findByRole('listitem', { name: 'accounts.csv' });
  fireEvent.change(await screen.findByTestId('nucleus-file-input'), {
    target: { files: [csvFile('transactions.csv')] },
  });
  await screen.findByRole('listitem', { name: 'transactions.csv' });
}

async function uploadBoth(user: ReturnType<typeof renderRelational>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Related tables' }));
  await pickBoth();
}

describe('SynthesizePage, related tables', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads two tables, suggests their keys and the foreign key, and starts the relational run', async () => {
    fakeUpload();
    const run = buildRun({ kind: 'RELATIONAL', status: 'QUEUED' });
    const { ids, spy, user } = renderRelational({
      'POST /api/sinteza/synthesize/relational': { status: 202, body: run },
    });
    await uploadBoth(user);
    const accounts = screen.getByRole('listitem', { name: 'accounts.csv' });
    expect(within(accounts).getByRole('textbox', { name: 'Name in the run' })).toHaveValue(
      'accounts',
    );
    expect(within(accounts).getByRole('combobox', { name: /^Primary key/ })).toHaveTextContent(
      'account_id',
    );
    const link = screen.getByRole('listitem', { name: 'Link 1' });
    expect(within(link).getByRole('combobox', { name: /^Child table/ })).toHaveTextContent(
      'transactions',
    );
    expect(within(link).getByRole('combobox', { name: /^Its column/ })).toHaveTextContent(
      'account_id',
    );
    expect(within(link).getByRole('combobox', { name: /^Parent table/ })).toHaveTextContent(
      'accounts',
    );

    // Renaming a table renames it in its links.
    const name = within(accounts).getByRole('textbox', { name: 'Name in the run' });
    await user.clear(name);
    await user.type(name, 'account');
    expect(within(link).getByRole('combobox', { name: /^Parent table/ })).toHaveTextContent(
      'account',
    );
    // Each table's columns: kept, dropped or replaced, and their types, as for one table.
    const transactions = screen.getByRole('listitem', { name: 'transactions.csv' });
    const columnsButton = within(transactions).getByRole('button', {
      name: 'Columns of transactions: keep, drop or replace, and types',
    });
    expect(columnsButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(columnsButton);
    await user.click(within(transactions).getByRole('combobox', { name: 'Use of amount' }));
    await user.click(await screen.findByRole('option', { name: 'Drop' }));
    await user.click(within(transactions).getByRole('combobox', { name: 'Type of account_id' }));
    await user.click(await screen.findByRole('option', { name: 'Category' }));
    const scale = screen.getByRole('textbox', { name: 'Scale' });
    await user.clear(scale);
    await user.type(scale, '2');
    await user.click(screen.getByRole('button', { name: 'Synthesize the tables' }));

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/nucleus/synthesizers/runs/${run.id}`,
      );
    });
    const sent = recordedCalls(spy).find((call) => call.path.endsWith('/synthesize/relational'));
    expect(sent?.json as TSynthesizeRelationalRequest).toEqual({
      tables: [
        { runId: ids[0], name: 'account', primaryKey: 'account_id', columns: [] },
        {
          runId: ids[1],
          name: 'transactions',
          primaryKey: 'trans_id',
          columns: [
            { name: 'account_id', action: 'keep', type: 'categorical' },
            { name: 'amount', action: 'drop' },
          ],
        },
      ],
      relationships: [{ child: 'transactions', foreignKey: 'account_id', parent: 'account' }],
      algorithm: 'bayesian-network',
      parameters: { degree: 3 },
      scale: 2,
    });
  });

  it('sends a child table with no key (null) and only its foreign key among its ids', async () => {
    fakeUpload();
    const run = buildRun({ kind: 'RELATIONAL', status: 'QUEUED' });
    const { ids, spy, user } = renderRelational({
      'POST /api/sinteza/synthesize/relational': { status: 202, body: run },
    });
    await uploadBoth(user);
    const transactions = screen.getByRole('listitem', { name: 'transactions.csv' });
    await user.click(within(transactions).getByRole('combobox', { name: /^Primary key/ }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(
      within(transactions).getByText(
        'No key: no table can refer to this one; a child table may have only its foreign keys.',
      ),
    ).toBeVisible();
    await user.click(
      within(transactions).getByRole('button', { name: /^Columns of transactions/ }),
    );
    await user.click(within(transactions).getByRole('combobox', { name: 'Use of trans_id' }));
    await user.click(await screen.findByRole('option', { name: 'Drop' }));
    await user.click(screen.getByRole('button', { name: 'Synthesize the tables' }));

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/nucleus/synthesizers/runs/${run.id}`,
      );
    });
    const sent = recordedCalls(spy).find((call) => call.path.endsWith('/synthesize/relational'));
    expect((sent?.json as TSynthesizeRelationalRequest).tables).toEqual([
      { runId: ids[0], name: 'accounts', primaryKey: 'account_id', columns: [] },
      {
        runId: ids[1],
        name: 'transactions',
        primaryKey: null,
        columns: [{ name: 'trans_id', action: 'drop' }],
      },
    ]);
    expect((sent?.json as TSynthesizeRelationalRequest).relationships).toEqual([
      { child: 'transactions', foreignKey: 'account_id', parent: 'accounts' },
    ]);
  });

  it('says what is missing before sending, and a plan limit in Spanish', async () => {
    fakeUpload();
    await changeLanguage('es');
    const { spy, user } = renderRelational({
      'POST /api/sinteza/synthesize/relational': {
        status: 422,
        body: errorBody('PLAN_EXCEEDED', 'Too many tables', { limit: 'datasetPerRun' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Tablas relacionadas' }));
    await user.click(screen.getByRole('button', { name: 'Sintetizar las tablas' }));
    expect(await screen.findByText('Sube al menos dos tablas.')).toBeVisible();
    expect(screen.getByText('Añade al menos una clave foránea.')).toBeVisible();
    expect(recordedCalls(spy).some((call) => call.path.endsWith('/relational'))).toBe(false);

    await pickBoth();
    await user.click(screen.getByRole('button', { name: 'Sintetizar las tablas' }));
    expect(
      await screen.findByText(/La ejecución tiene más tablas de las que tu plan admite/),
    ).toBeVisible();
    expect(screen.queryByText('Too many tables')).not.toBeInTheDocument();
  });
});
