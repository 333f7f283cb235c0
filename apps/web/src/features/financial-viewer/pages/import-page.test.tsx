import type { TImportResult } from '@app/contracts/financial-viewer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import type { Routes } from '../testing/render-page';
import { renderRoute } from '../../../test/render';
import { stubLayout } from '../../../test/layout-stub';
import {
  buildAccount,
  buildAccountsResponse,
  buildConnection,
  buildPreview,
  nextId,
  accessResponse,
  signIn,
} from '../testing/viewer-fixtures';
import { ImportPage } from './import-page';

const CONNECTION = buildConnection({ conName: 'Manual bank', conSource: 'FILE' });
const ACCOUNT = buildAccount({ conId: CONNECTION.conId });
const BANKS = [
  { bank_name: 'BBVA', bank_code: 'BBVA', country_code: 'ES', logo: 'data:image/png;base64,AA' },
  { bank_name: 'Santander', bank_code: 'SAN', country_code: 'ES', logo: '' },
];

function importResult(overrides: Partial<TImportResult> = {}): TImportResult {
  return {
    importId: nextId(),
    status: 'DONE',
    progress: 100,
    fileName: 'statement.csv',
    added: 2,
    duplicates: 0,
    errors: 0,
    errorCode: null,
    ...overrides,
  };
}

function renderImport(routes: Routes = {}, transactions = 5) {
  signIn();
  const spy = stubFetch({
    'GET /api/microservice/access/FinancialViewer': { body: accessResponse({ subscribed: true }) },
    'GET /api/financialviewer/connection': { body: [CONNECTION] },
    'GET /api/financialviewer/account': { body: buildAccountsResponse([ACCOUNT]) },
    'GET /api/financialviewer/account/companies': { body: [] },
    'GET /api/financialviewer/banks': { body: BANKS },
    'GET /api/financialviewer/currencies': { body: ['EUR', 'USD', 'GBP'] },
    'GET /api/financialviewer/transaction': {
      body: { items: [], total: transactions, page: 0, pageSize: 1 },
    },
    'POST /api/financialviewer/import/preview': { body: buildPreview() },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({ path: '/neurons/FinancialViewer/import', element: <ImportPage /> }),
  };
}

type User = ReturnType<typeof renderImport>['user'];

/** Step 1 with the existing connection, step 2 with its account: its initial balance step. */
async function chooseAccount(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Company' }), 'Acme');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Bank' }), 'BBVA');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), ACCOUNT.accountId);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('spinbutton', { name: 'Initial balance' });
}

/** Through the initial balance step (the account has movements: kept): the upload step. */
async function reachUpload(user: User) {
  await chooseAccount(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Drag your statement here');
}

const STATEMENT = new File(['Date;Concept;Amount;Balance\n'], 'statement.csv', {
  type: 'text/csv',
});

async function uploadStatement(user: User) {
  await user.upload(screen.getByTestId('statement-input'), STATEMENT);
  await screen.findByRole('table', { name: 'Preview of the file' });
}

function previewCalls(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter((call) => call.path === '/api/financialviewer/import/preview');
}

describe('ImportPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubLayout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not Excel or CSV', async () => {
    const { user, spy } = renderImport();
    await reachUpload(user);
    fireEvent.change(screen.getByTestId('statement-input'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Only Excel and CSV files are supported')).toBeVisible();
    expect(previewCalls(spy)).toHaveLength(0);
  });

  it('previews the file, its size and what was read; a mapping change reads it again', async () => {
    const edited = buildPreview({
      columns: buildPreview().columns.map((column) =>
        column.index === 3 ? { ...column, role: null } : column,
      ),
      mapping: { headerRow: 1, operationDate: 0, description: [1], amount: 2 },
      transactionCount: 2,
    });
    let reads = 0;
    const { user, spy } = renderImport({
      'POST /api/financialviewer/import/preview': () => {
        reads += 1;
        return { body: reads === 1 ? buildPreview() : edited };
      },
    });
    await reachUpload(user);
    await uploadStatement(user);
    expect(screen.getByText('statement.csv')).toBeVisible();
    expect(screen.getByText(/^0,03 KB$/)).toBeVisible();
    expect(screen.getByText('Transactions read').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('1.200,00 €')).toBeVisible();
    expect(screen.getByText('01-11-2026 to 02-11-2026')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Preview of the file' });
    expect(within(table).getByText('Salary')).toBeVisible();
    expect(within(table).getByRole('combobox', { name: 'What column Balance holds' })).toHaveValue(
      'balance',
    );

    await user.selectOptions(
      within(table).getByRole('combobox', { name: 'What column Balance holds' }),
      'ignore',
    );
    await waitFor(() => {
      expect(previewCalls(spy)).toHaveLength(2);
    });
    const body = previewCalls(spy)[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('document')).toBeInstanceOf(File);
    expect(JSON.parse(form.get('mapping') as string)).toEqual({
      headerRow: 1,
      operationDate: 0,
      description: [1],
      amount: 2,
    });

    await user.click(screen.getByRole('button', { name: 'Remove statement.csv' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Drag your statement here')).toBeVisible();
  });

  it('uploads with the confirmed mapping and tells how many were imported', async () => {
    const { user, spy } = renderImport({
      'POST /api/financialviewer/import': { body: importResult({ added: 2, duplicates: 1 }) },
    });
    await reachUpload(user);
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Info' });
    expect(dialog).toHaveTextContent('2 transactions imported.');
    expect(dialog).toHaveTextContent('1 that was already there was left out.');
    const upload = recordedCalls(spy).find((call) => call.path === '/api/financialviewer/import');
    const form = upload?.body as FormData;
    expect(form.get('account_id')).toBe(ACCOUNT.accountId);
    expect(JSON.parse(form.get('mapping') as string)).toEqual(buildPreview().mapping);
    expect(form.get('initial_balance')).toBeNull();
  });

  it('says nothing new was added on a re-import', async () => {
    const { user } = renderImport({
      'POST /api/financialviewer/import': { body: importResult({ added: 0, duplicates: 2 }) },
    });
    await reachUpload(user);
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    expect(await screen.findByRole('dialog', { name: 'Info' })).toHaveTextContent(
      'Nothing new was added: the 2 transactions in the file were already there.',
    );
  });

  it.each([
    [409, 'ACCOUNT_EXISTS', 'This account already belongs to another connection'],
    [416, 'ACCOUNT_MISMATCH', 'The file belongs to a different account'],
    [422, 'IMPORT_FAILED', 'We could not import the file.'],
  ])('shows the Error dialog for a %i answer', async (status, code, text) => {
    const { user } = renderImport({
      'POST /api/financialviewer/import': { status, body: errorBody(code, 'English server text') },
    });
    await reachUpload(user);
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(text);
    expect(dialog).not.toHaveTextContent('English server text');
  });

  it('follows a large import with a progress bar until it is done', async () => {
    const queued = importResult({ status: 'QUEUED', progress: 0, added: 0 });
    // The job stays at 50 % until the test has seen it, however slow the machine.
    let isProgressSeen = false;
    const { user } = renderImport({
      'POST /api/financialviewer/import': { status: 202, body: queued },
      [`GET /api/financialviewer/import/${queued.importId}`]: () => ({
        body: isProgressSeen
          ? { ...queued, status: 'DONE', progress: 100, added: 300 }
          : { ...queued, status: 'RUNNING', progress: 50 },
      }),
    });
    await reachUpload(user);
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    expect(await screen.findByText('Importing… 50 %')).toBeVisible();
    isProgressSeen = true;
    expect(await screen.findByRole('dialog', { name: 'Info' })).toHaveTextContent(
      '300 transactions imported.',
    );
  });

  it("says the account belongs to another connection when a large import's job fails so", async () => {
    const queued = importResult({ status: 'QUEUED', progress: 0, added: 0 });
    const { user } = renderImport({
      'POST /api/financialviewer/import': { status: 202, body: queued },
      [`GET /api/financialviewer/import/${queued.importId}`]: {
        body: { ...queued, status: 'FAILED', progress: 100, errorCode: 'ACCOUNT_EXISTS' },
      },
    });
    await reachUpload(user);
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'This account already belongs to another connection',
    );
  });

  it('asks the initial balance of an account with no movements, in euros, sent in cents', async () => {
    const { user, spy } = renderImport(
      { 'POST /api/financialviewer/import': { body: importResult() } },
      0,
    );
    const balance = await chooseAccount(user);
    expect(balance).toHaveAttribute('step', '0.01');
    // Filled in with the balance the account has now, which may be kept or changed.
    expect(balance).toHaveValue(1234.56);
    expect(balance).toBeEnabled();
    await user.clear(balance);
    await user.type(balance, '1500.25');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    await screen.findByRole('dialog', { name: 'Info' });
    const upload = recordedCalls(spy).find((call) => call.path === '/api/financialviewer/import');
    expect((upload?.body as FormData).get('initial_balance')).toBe('150025');
  });

  it('shows the set balance of an account with movements, keeps it and sends none', async () => {
    const { user, spy } = renderImport({
      'POST /api/financialviewer/import': { body: importResult() },
    });
    const balance = await chooseAccount(user);
    expect(balance).toHaveValue(1234.56);
    expect(balance).toBeDisabled();
    expect(
      screen.getByText(/Operating account already has movements, so its balance is already set/),
    ).toHaveTextContent(/1\.234,56\s€\. It is kept as it is/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Drag your statement here');
    await uploadStatement(user);
    await user.click(screen.getByRole('button', { name: 'Upload data' }));
    await screen.findByRole('dialog', { name: 'Info' });
    const upload = recordedCalls(spy).find((call) => call.path === '/api/financialviewer/import');
    expect((upload?.body as FormData).get('initial_balance')).toBeNull();
  });

  it('refuses the name of an OK connection but not of one in error (spec §4)', async () => {
    const failed = buildConnection({ conName: 'Old bank', conStatus: 'ERROR' });
    const created = buildConnection({
      conName: 'Old bank',
      conSource: 'FILE',
      conEntityCode: 'SAN',
    });
    const { user, spy } = renderImport({
      'GET /api/financialviewer/connection': { body: [CONNECTION, failed] },
      'POST /api/financialviewer/connection': {
        status: 201,
        body: { ...created, widgetUrl: null },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Create a new connection' }));
    const name = screen.getByRole('textbox', { name: 'Connection name' });
    await user.type(name, 'manual BANK');
    expect(await screen.findByText('There is already a connection with this name.')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'Old bank');
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(within(await screen.findByRole('listbox')).getByText('Santander'));
    await waitFor(() => {
      expect(screen.queryByText('There is already a connection with this name.')).toBeNull();
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Card' })).toBeVisible();
    const post = recordedCalls(spy).find(
      (call) => call.path === '/api/financialviewer/connection' && call.method === 'POST',
    );
    expect(post?.json).toEqual({ conName: 'Old bank', source: 'FILE', bankCode: 'SAN' });
  });

  it(
    'creates a file connection and its card, then says the connection is inactive on upload',
    { timeout: 60_000 },
    async () => {
      const created = buildConnection({
        conName: 'Cards',
        conSource: 'FILE',
        conStatus: 'PENDING',
        conEntityCode: 'SAN',
      });
      const newAccountId = nextId();
      const { user, spy } = renderImport({
        'GET /api/financialviewer/connection': { body: [] },
        'POST /api/financialviewer/connection': {
          status: 201,
          body: { ...created, widgetUrl: null },
        },
        [`POST /api/financialviewer/connection/${created.conId}/account`]: {
          status: 201,
          body: { account_ids: [newAccountId] },
        },
        'POST /api/financialviewer/import': { body: importResult() },
      });
      expect(await screen.findByRole('radio', { name: 'Create a new connection' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Use an existing connection' })).toBeDisabled();
      const next = screen.getByRole('button', { name: 'Next' });
      expect(next).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: 'Connection name' }), 'Cards');
      await user.click(screen.getByRole('combobox', { name: 'Bank' }));
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).getAllByText('ES')).toHaveLength(2);
      await user.click(within(listbox).getByText('Santander'));
      await user.click(next);

      // The card form.
      await user.click(await screen.findByRole('button', { name: 'Card' }));
      const finish = screen.getByRole('button', { name: 'Finish' });
      const number = screen.getByRole('textbox', { name: 'Card number' });
      await user.type(number, '4111-1111 1111.1111 99');
      expect(number).toHaveValue('4111 1111 1111 1111');
      await user.click(screen.getByRole('textbox', { name: 'Name' }));
      await user.paste('Corporate card');
      await user.click(screen.getByRole('combobox', { name: 'Company name' }));
      await user.paste('Acme');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Subtype' }), 'CREDIT');
      expect(finish).toBeDisabled();
      await user.click(screen.getByRole('combobox', { name: 'Linked account' }));
      await user.paste(ACCOUNT.accountNumber);
      await user.type(screen.getByRole('spinbutton', { name: 'Card limit' }), '3000');
      await waitFor(() => {
        expect(finish).toBeEnabled();
      });
      await user.click(finish);
      const info = await screen.findByRole('dialog', { name: 'Info' });
      expect(info).toHaveTextContent('The account was added.');
      await user.click(within(info).getByRole('button', { name: 'OK' }));

      const calls = recordedCalls(spy);
      expect(
        calls.find(
          (call) => call.path === '/api/financialviewer/connection' && call.method === 'POST',
        )?.json,
      ).toEqual({
        conName: 'Cards',
        source: 'FILE',
        bankCode: 'SAN',
      });
      expect(
        calls.find((call) => call.path.endsWith('/account') && call.method === 'POST')?.json,
      ).toEqual({
        accounts: [
          {
            account_type: 'CARD',
            account_number: '4111 1111 1111 1111',
            account_name: 'Corporate card',
            account_currency: 'EUR',
            account_company_name: 'Acme',
            account_subtype: 'CREDIT',
            account_balance: 0,
            card_linked_account: ACCOUNT.accountNumber,
            card_limit_balance: 300000,
          },
        ],
      });

      await screen.findByText('Drag your statement here');
      await uploadStatement(user);
      await user.click(screen.getByRole('button', { name: 'Upload data' }));
      const inactive = await screen.findByRole('dialog', { name: 'Info' });
      expect(inactive).toHaveTextContent('You have no active connection yet.');
      await user.click(within(inactive).getByRole('button', { name: 'Upload data' }));
      expect(await screen.findByText('2 transactions imported.')).toBeVisible();
      const upload = recordedCalls(spy).find((call) => call.path === '/api/financialviewer/import');
      expect((upload?.body as FormData).get('account_id')).toBe(newAccountId);
    },
  );

  it('shows Plan exceeded before creating a connection beyond the plan', async () => {
    signIn();
    const spy = stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true, banks: 1 }),
      },
      'GET /api/financialviewer/connection': { body: [CONNECTION] },
      'GET /api/financialviewer/banks': { body: BANKS },
    });
    const { user } = renderRoute({
      path: '/neurons/FinancialViewer/import',
      element: <ImportPage />,
    });
    await user.click(await screen.findByRole('radio', { name: 'Create a new connection' }));
    await user.type(screen.getByRole('textbox', { name: 'Connection name' }), 'Another');
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await user.click(within(await screen.findByRole('listbox')).getByText('BBVA'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Plan exceeded' })).toBeVisible();
    expect(recordedCalls(spy).some((call) => call.method === 'POST')).toBe(false);
  });
});
