import type { TColumnProfile } from '@app/contracts/nucleus';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { changeLanguage } from '../../../lib/i18n';
import { renderRoute } from '../../../test/render';
import { fakeUpload } from '../testing/fake-upload';
import {
  ALGORITHMS,
  buildLimits,
  buildProfile,
  buildRun,
  nextId,
  signIn,
} from '../testing/nucleus-fixtures';
import { SynthesizePage } from './synthesize-page';

const SIGNED_URL = '/api/files/nucleus/team/runs/run/upload?expires=1&maxBytes=2&signature=s';

function renderSynthesize(
  routes: Parameters<typeof stubFetch>[0] = {},
  extraColumns: TColumnProfile[] = [],
) {
  signIn();
  const runId = nextId();
  const profile = buildProfile(runId);
  const spy = stubFetch({
    'POST /api/sinteza/run/url': {
      status: 201,
      body: {
        runId,
        signedUrl: SIGNED_URL,
        method: 'PUT',
        expiresAt: '2026-11-20T10:15:00Z',
        maxBytes: 52428800,
      },
    },
    [`PUT /api/sinteza/run/${runId}/url/confirm`]: {
      body: { ...profile, columns: [...profile.columns, ...extraColumns] },
    },
    [`PUT /api/sinteza/run/${runId}/url/cancel`]: { status: 204 },
    'GET /api/sinteza/algorithms': { body: ALGORITHMS },
    'GET /api/sinteza/limits': { body: buildLimits() },
    ...routes,
  });
  return {
    runId,
    spy,
    ...renderRoute({ path: '/nucleus/synthesize', element: <SynthesizePage /> }),
  };
}

function csvFile(name = 'adult.csv', size?: number) {
  const file = new File(['age,workclass\n39,Private\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(file: File) {
  fireEvent.change(screen.getByTestId('nucleus-file-input'), { target: { files: [file] } });
}

describe('SynthesizePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the profile’s key as the primary key, moves it to the column chosen or to none, and refuses a dropped key', async () => {
    fakeUpload();
    const created = buildRun({ status: 'QUEUED', progress: 0 });
    const { spy, user } = renderSynthesize({
      'POST /api/sinteza/synthesize': { status: 202, body: created },
    });
    await user.upload(screen.getByTestId('nucleus-file-input'), csvFile());
    const table = await screen.findByRole('table', { name: 'Columns of the file' });
    const key = screen.getByRole('combobox', { name: 'Primary key' });
    expect(key).toHaveTextContent('id');
    const rowOf = (name: RegExp) => within(table).getByRole('row', { name });

    await user.click(key);
    await user.click(await screen.findByRole('option', { name: 'age' }));
    expect(within(rowOf(/^age/)).getByText('Key')).toBeVisible();
    expect(within(rowOf(/^id/)).queryByText('Key')).not.toBeInTheDocument();
    await user.click(within(rowOf(/^age/)).getByRole('combobox', { name: 'Use of age' }));
    await user.click(await screen.findByRole('option', { name: 'Drop' }));
    expect(
      screen.getByText('The primary key cannot be dropped: keep the column or choose another key.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
    expect(recordedCalls(spy).some((call) => call.path === '/api/sinteza/synthesize')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Primary key' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(within(table).queryByText('Key')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/nucleus/synthesizers/runs/${created.id}`,
      );
    });
    const request = recordedCalls(spy).find((call) => call.path === '/api/sinteza/synthesize');
    expect(request?.json).toMatchObject({
      primaryKey: null,
      columns: [{ name: 'age', action: 'drop' }],
    });
  });

  it('uploads the file to its signed address, shows the profile, and starts the synthesis as set', async () => {
    const upload = fakeUpload();
    const created = buildRun({ status: 'QUEUED', progress: 0 });
    const { runId, spy, user } = renderSynthesize({
      'POST /api/sinteza/synthesize': { status: 202, body: created },
    });
    await user.upload(screen.getByTestId('nucleus-file-input'), csvFile());

    const table = await screen.findByRole('table', { name: 'Columns of the file' });
    expect(screen.getByRole('heading', { name: 'Profile of adult.csv' })).toBeVisible();
    expect(screen.getByText('400 rows, 3 columns')).toBeVisible();
    const email = within(table).getByRole('row', { name: /email/ });
    expect(within(email).getByText('Personal data: e-mail')).toBeVisible();
    expect(within(email).getByText('Free text')).toBeVisible();
    expect(within(within(table).getByRole('row', { name: /^id/ })).getByText('Key')).toBeVisible();
    expect(
      within(within(table).getByRole('row', { name: /age/ })).getByRole('img', {
        name: 'From 17 to 90; most values between 30 and 45.',
      }),
    ).toBeVisible();
    expect(within(email).getByText('None')).toBeVisible();
    expect(upload.sent).toEqual([expect.objectContaining({ method: 'PUT', url: SIGNED_URL })]);

    await user.click(within(email).getByRole('combobox', { name: 'Use of email' }));
    await user.click(await screen.findByRole('option', { name: 'Drop' }));
    const age = within(table).getByRole('row', { name: /age/ });
    await user.click(within(age).getByRole('combobox', { name: 'Type of age' }));
    await user.click(await screen.findByRole('option', { name: 'Category' }));

    // The algorithms are explained in our words, never the server's.
    expect(screen.getByRole('radio', { name: /Bayesian network/ })).toBeChecked();
    expect(screen.queryByText('Server text.')).not.toBeInTheDocument();
    expect(screen.getByText(/Differential privacy: leave empty for none/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Privacy budget (epsilon)' }), '1');
    const rows = screen.getByRole('textbox', { name: 'Rows to generate' });
    expect(rows).toHaveValue('400');
    expect(screen.getByText('Your plan takes up to 10.000 rows per run.')).toBeVisible();
    await user.clear(rows);
    await user.type(rows, '500');
    await user.click(screen.getByRole('button', { name: 'Start synthesis' }));

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/nucleus/synthesizers/runs/${created.id}`,
      );
    });
    const request = recordedCalls(spy).find((call) => call.path === '/api/sinteza/synthesize');
    expect(request?.json).toEqual({
      runId,
      algorithm: 'bayesian-network',
      parameters: { degree: 3, epsilon: 1 },
      numRows: 500,
      columns: [
        { name: 'age', action: 'keep', type: 'categorical' },
        { name: 'email', action: 'drop' },
      ],
      primaryKey: 'id',
    });
    const urlCall = recordedCalls(spy).find((call) => call.path === '/api/sinteza/run/url');
    expect(urlCall?.query.get('fileName')).toBe('adult.csv');
  });

  it(
    'offers the yes/no columns as the ML-efficacy target, refuses a dropped one and sends the one chosen',
    { timeout: 60_000 },
    async () => {
      fakeUpload();
      const created = buildRun({ status: 'QUEUED', progress: 0 });
      const income: TColumnProfile = {
        name: 'income',
        type: 'categorical',
        missing: 0,
        distinct: 2,
        personalData: null,
        isKey: false,
        distribution: null,
      };
      let sent = 0;
      const { spy, user } = renderSynthesize(
        {
          'POST /api/sinteza/synthesize': () =>
            (sent += 1) === 1
              ? {
                  status: 400,
                  body: errorBody('VALIDATION', 'The target has 3 distinct values.', {
                    target: 'nucleus.synthesize.targetNotBinary',
                  }),
                }
              : { status: 202, body: created },
        },
        [income],
      );
      await user.upload(screen.getByTestId('nucleus-file-input'), csvFile());
      const target = await screen.findByRole('combobox', { name: 'Target for ML efficacy' });
      expect(target).toHaveTextContent('Pick one for me');
      expect(
        screen.getByText(/tests both on real rows held back from fitting \(20\s%.*200 rows/),
      ).toBeVisible();
      await user.click(target);
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['Pick one for me', 'income']);
      await user.click(screen.getByRole('option', { name: 'income' }));

      const table = screen.getByRole('table', { name: 'Columns of the file' });
      const row = within(table).getByRole('row', { name: /^income/ });
      await user.click(within(row).getByRole('combobox', { name: 'Use of income' }));
      await user.click(await screen.findByRole('option', { name: 'Drop' }));
      expect(
        screen.getByText('The target must be a kept column other than the primary key.'),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
      expect(recordedCalls(spy).some((call) => call.path === '/api/sinteza/synthesize')).toBe(
        false,
      );

      await user.click(within(row).getByRole('combobox', { name: 'Use of income' }));
      await user.click(await screen.findByRole('option', { name: 'Keep' }));
      await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The target needs exactly two values (yes/no).',
      );
      await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/nucleus/synthesizers/runs/${created.id}`,
        );
      });
      const requests = recordedCalls(spy).filter((call) => call.path === '/api/sinteza/synthesize');
      expect(requests.at(-1)?.json).toMatchObject({ target: 'income' });
    },
  );

  it('refuses a file of another type or over 50 MB before uploading anything', async () => {
    const { spy } = renderSynthesize();
    pick(csvFile('notes.txt'));
    expect(await screen.findByText('Choose a CSV, XLSX, XLS or Parquet file.')).toBeVisible();
    pick(csvFile('big.parquet', 50 * 1024 * 1024 + 1));
    expect(
      await screen.findByText('The file is larger than 50 MB. Choose a smaller one.'),
    ).toBeVisible();
    expect(recordedCalls(spy).some((call) => call.path.startsWith('/api/sinteza/run'))).toBe(false);
  });

  it('cancels an upload on its way: the bytes stop and the draft is removed', async () => {
    const upload = fakeUpload({ hang: true });
    const { runId, spy, user } = renderSynthesize();
    pick(csvFile());
    expect(await screen.findByText('Uploading adult.csv…')).toBeVisible();
    await waitFor(() => {
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      );
    });
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(upload.aborted).toEqual([SIGNED_URL]);
    expect(
      recordedCalls(spy).some(
        (call) => call.method === 'PUT' && call.path === `/api/sinteza/run/${runId}/url/cancel`,
      ),
    ).toBe(true);
  });

  it('says in words which plan limit a synthesis hits, with a way to the plans', async () => {
    fakeUpload();
    const { user } = renderSynthesize({
      'POST /api/sinteza/synthesize': {
        status: 422,
        body: errorBody('PLAN_EXCEEDED', 'The run has 21 columns…', { limit: 'columnLimit' }),
      },
    });
    pick(csvFile());
    await screen.findByRole('table', { name: 'Columns of the file' });
    await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
    expect(
      await screen.findByText(
        /The file has more columns than your plan takes per run\. Drop some columns or change plan\./,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/21 columns/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/nucleus/plans',
    );
  });

  it('says when a run would pass the plan’s rows per month, in Spanish too', async () => {
    await changeLanguage('es');
    fakeUpload();
    const { user } = renderSynthesize({
      'POST /api/sinteza/synthesize': {
        status: 422,
        body: errorBody('PLAN_EXCEEDED', 'The run draws 101 rows…', { limit: 'monthlyRowLimit' }),
      },
    });
    pick(csvFile());
    await screen.findByRole('table', { name: 'Columnas del archivo' });
    await user.click(screen.getByRole('button', { name: 'Empezar síntesis' }));
    expect(
      await screen.findByText(/Con esta ejecución se superarían las filas al mes de tu plan\./),
    ).toBeVisible();
    expect(screen.queryByText(/101 rows/)).not.toBeInTheDocument();
  });

  it('shows a file the engine cannot read as a translated error and lets the user choose again', async () => {
    fakeUpload();
    const runId = nextId();
    renderSynthesize({
      'POST /api/sinteza/run/url': {
        status: 201,
        body: { runId, signedUrl: SIGNED_URL, method: 'PUT', expiresAt: 'x', maxBytes: 1 },
      },
      [`PUT /api/sinteza/run/${runId}/url/confirm`]: {
        status: 400,
        body: errorBody('VALIDATION', 'The file cannot be read as a table: junk', {
          file: 'validation.fileType',
        }),
      },
    });
    pick(csvFile());
    expect(await screen.findByRole('button', { name: 'Choose a file' })).toBeVisible();
    expect(await screen.findByRole('alert')).not.toHaveTextContent('junk');
  });

  it('checks the rows and the parameters before sending', async () => {
    fakeUpload();
    const { spy, user } = renderSynthesize();
    pick(csvFile());
    await screen.findByRole('table', { name: 'Columns of the file' });
    await user.clear(screen.getByRole('textbox', { name: 'Rows to generate' }));
    await user.type(screen.getByRole('textbox', { name: 'Rows to generate' }), '0');
    await user.clear(screen.getByRole('textbox', { name: 'Parents per column' }));
    await user.type(screen.getByRole('textbox', { name: 'Parents per column' }), '2.5');
    await user.click(screen.getByRole('button', { name: 'Start synthesis' }));
    expect(await screen.findByText('Enter a whole number of rows, 1 or more.')).toBeVisible();
    expect(
      screen.getByText('Enter a number above zero (a whole number where asked).'),
    ).toBeVisible();
    expect(recordedCalls(spy).some((call) => call.path === '/api/sinteza/synthesize')).toBe(false);
  });
});
