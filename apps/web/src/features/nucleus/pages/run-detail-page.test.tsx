import type { TRun } from '@app/contracts/nucleus';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { stubLayout } from '../../../test/layout-stub';
import { renderRoute } from '../../../test/render';
import { buildReport, buildRun, signIn } from '../testing/nucleus-fixtures';
import { RunDetailPage } from './run-detail-page';

const LOGS = [
  { at: '2026-11-20T10:00:05Z', level: 'info', message: 'Fitting bayesian-network on 400 rows.' },
];

function renderRun(run: TRun, routes: Parameters<typeof stubFetch>[0] = {}) {
  signIn();
  const spy = stubFetch({
    [`GET /api/sinteza/run/${run.id}`]: { body: run },
    [`GET /api/sinteza/run/${run.id}/logs`]: { body: LOGS },
    [`GET /api/sinteza/run/${run.id}/report`]: { body: buildReport() },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/nucleus/synthesizers/runs/:runId',
      element: <RunDetailPage />,
      initialEntry: `/nucleus/synthesizers/runs/${run.id}`,
    }),
  };
}

/** The links the page clicked to save files: their address and file name. */
function captureDownloads() {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return saved;
}

describe('RunDetailPage', () => {
  beforeEach(() => {
    stubLayout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws a finished run’s report: scores, distributions, pair trends, ML efficacy, privacy', async () => {
    const run = buildRun();
    renderRun(run);
    expect(await screen.findByRole('heading', { name: 'adult.csv' })).toBeVisible();
    expect(screen.getByText('Done')).toBeVisible();
    expect(await screen.findByRole('group', { name: 'Overall quality' })).toHaveTextContent(
      /90\s%/,
    );
    expect(screen.getByRole('figure', { name: /^age · 91\s%$/ })).toBeVisible();
    expect(screen.getByRole('figure', { name: /^workclass/ })).toBeVisible();
    const pairs = screen.getByRole('table', { name: 'Pair trends' });
    expect(within(pairs).getAllByText(/88\s%/)).toHaveLength(2);
    expect(screen.getByText(/Not measured for this run/)).toBeVisible();
    const privacy = screen.getByRole('region', { name: 'Privacy' });
    expect(within(privacy).getByText('Exact copies')).toBeVisible();
    expect(within(privacy).getByText('0.120')).toBeVisible();
    expect(screen.getByText('Not compared (keys and free text): id.')).toBeVisible();
    expect(screen.getByRole('log', { name: 'Log' })).toHaveTextContent('Fitting bayesian-network');
  });

  it('draws ML efficacy tested on held-out real rows, the target used and the held-out rows’ distance', async () => {
    const run = buildRun();
    const report = buildReport();
    renderRun(run, {
      [`GET /api/sinteza/run/${run.id}/report`]: {
        body: {
          ...report,
          mlEfficacy: {
            target: 'income',
            positiveClass: '>50K',
            realAccuracy: 0.853,
            syntheticAccuracy: 0.821,
            gap: 0.032,
          },
          privacy: {
            ...report.privacy,
            holdoutExactCopyShare: 0,
            dcr: { ...report.privacy.dcr, holdout: { median: 0.15, p5: 0.04 } },
          },
          evaluation: {
            trainingRows: 27561,
            holdoutRows: 5000,
            holdoutGap: null,
            target: 'income',
            isTargetChosen: false,
            targetGap: null,
          },
        },
      },
    });
    const efficacy = await screen.findByRole('region', { name: 'Machine-learning efficacy' });
    expect(within(efficacy).getByRole('group', { name: 'Trained on real rows' })).toHaveTextContent(
      /85\s%/,
    );
    expect(
      within(efficacy).getByRole('group', { name: 'Trained on synthetic rows' }),
    ).toHaveTextContent(/82\s%/);
    expect(within(efficacy).getByRole('group', { name: 'Accuracy lost' })).toHaveTextContent(
      /3\s%/,
    );
    expect(efficacy).toHaveTextContent(
      'Predicting income (picked: the last column with two values).',
    );
    expect(efficacy).toHaveTextContent(
      'learns from the 27.561 real rows the model was fitted on, the other from the synthetic rows; both are tested on 5.000 real rows held back from fitting.',
    );
    const privacy = screen.getByRole('region', { name: 'Privacy' });
    expect(
      within(privacy).getByRole('group', { name: 'Held-out real rows’ distance (median)' }),
    ).toHaveTextContent('0.150');
  });

  it('says why ML efficacy and the held-out comparison were not measured', async () => {
    const run = buildRun();
    renderRun(run, {
      [`GET /api/sinteza/run/${run.id}/report`]: {
        body: {
          ...buildReport(),
          evaluation: {
            trainingRows: 120,
            holdoutRows: 0,
            holdoutGap: 'fewRows',
            target: null,
            isTargetChosen: false,
            targetGap: null,
          },
        },
      },
    });
    const efficacy = await screen.findByRole('region', { name: 'Machine-learning efficacy' });
    expect(efficacy).toHaveTextContent(
      'Not measured for this run: the table has fewer than 200 rows, too few to hold some back for testing.',
    );
    expect(screen.getByRole('region', { name: 'Privacy' })).toHaveTextContent(
      'No comparison with held-out real rows: the table has fewer than 200 rows',
    );
  });

  it('downloads the report as JSON and the data in the chosen format through its signed address', async () => {
    const run = buildRun();
    const saved = captureDownloads();
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { spy, user } = renderRun(run, {
      [`GET /api/sinteza/run/${run.id}/data`]: (call) => ({
        body: {
          signedUrl: `/api/files/x/data.${call.query.get('format') ?? ''}?signature=s`,
          format: call.query.get('format'),
          expiresAt: '2026-11-20T10:15:00Z',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download report' }));
    expect(saved).toContainEqual({ href: 'blob:report', download: 'adult-report.json' });
    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Parquet' }));
    await user.click(screen.getByRole('button', { name: 'Download data' }));
    await waitFor(() => {
      expect(saved).toContainEqual({
        href: '/api/files/x/data.parquet?signature=s',
        download: 'adult-synthetic.parquet',
      });
    });
    const dataCall = recordedCalls(spy).find((call) => call.path.endsWith('/data'));
    expect(dataCall?.query.get('format')).toBe('parquet');
  });

  it('shows a relational run’s report and rows per table, chosen by name', async () => {
    const run = buildRun({
      kind: 'RELATIONAL',
      fileName: 'account, trans',
      tables: [
        { name: 'account', runId: buildRun().id, isRoot: true },
        { name: 'trans', runId: buildRun().id, isRoot: false },
      ],
    });
    const saved = captureDownloads();
    const { spy, user } = renderRun(run, {
      [`GET /api/sinteza/run/${run.id}/data`]: (call) => ({
        body: {
          signedUrl: `/api/files/${call.query.get('table') ?? ''}.csv?signature=s`,
          format: 'csv',
          expiresAt: '2026-11-20T10:15:00Z',
        },
      }),
    });
    expect(await screen.findByRole('group', { name: 'Overall quality' })).toBeVisible();
    expect(screen.getByText('Related tables')).toBeVisible();
    const reportCalls = () =>
      recordedCalls(spy)
        .filter((call) => call.path.endsWith('/report'))
        .map((call) => call.query.get('table'));
    expect(reportCalls()).toEqual(['account']);

    await user.click(screen.getByRole('combobox', { name: 'Table' }));
    await user.click(await screen.findByRole('option', { name: 'trans' }));
    await waitFor(() => {
      expect(reportCalls()).toEqual(['account', 'trans']);
    });
    await user.click(screen.getByRole('button', { name: 'Download data' }));
    await waitFor(() => {
      expect(saved).toContainEqual({
        href: '/api/files/trans.csv?signature=s',
        download: 'trans-synthetic.csv',
      });
    });
  });

  it('generates more rows as a new run and opens it', async () => {
    const run = buildRun();
    const next = buildRun({ kind: 'GENERATE', status: 'QUEUED', progress: 0, sourceRunId: run.id });
    const { spy, user, router } = renderRun(run, {
      'POST /api/sinteza/generate': { status: 202, body: next },
      [`GET /api/sinteza/run/${next.id}`]: { body: next },
      [`GET /api/sinteza/run/${next.id}/logs`]: { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate more rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate more rows' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/nucleus/synthesizers/runs/${next.id}`);
    });
    const call = recordedCalls(spy).find((entry) => entry.path === '/api/sinteza/generate');
    expect(call?.query.get('runId')).toBe(run.id);
    expect(call?.query.get('numRows')).toBe('1000');
    expect(await screen.findByText('Queued')).toBeVisible();
  });

  it('reads the rows typed with thousands separators as the whole number', async () => {
    const run = buildRun();
    const next = buildRun({ kind: 'GENERATE', status: 'QUEUED', progress: 0, sourceRunId: run.id });
    const { spy, user, router } = renderRun(run, {
      'POST /api/sinteza/generate': { status: 202, body: next },
      [`GET /api/sinteza/run/${next.id}`]: { body: next },
      [`GET /api/sinteza/run/${next.id}/logs`]: { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate more rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate more rows' });
    const rows = within(dialog).getByRole('textbox', { name: 'Rows' });
    await user.clear(rows);
    await user.type(rows, '10,000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/nucleus/synthesizers/runs/${next.id}`);
    });
    const call = recordedCalls(spy).find((entry) => entry.path === '/api/sinteza/generate');
    expect(call?.query.get('numRows')).toBe('10000');
  });

  /**
   * A relational run's Generate dialog with `tables`, typing `invalid` (refused with `refusal`)
   * then `valid` into the field named `field` (after choosing `kind` when given), and the one
   * generate call it sent.
   */
  async function generateTables(options: {
    tables: NonNullable<TRun['tables']>;
    kind?: string;
    field: string;
    invalid: string;
    refusal: string;
    valid: string;
  }) {
    const run = buildRun({ kind: 'RELATIONAL', tables: options.tables });
    const next = buildRun({ kind: 'GENERATE', status: 'QUEUED', progress: 0, sourceRunId: run.id });
    const { spy, user, router } = renderRun(run, {
      'POST /api/sinteza/generate': { status: 202, body: next },
      [`GET /api/sinteza/run/${next.id}`]: { body: next },
      [`GET /api/sinteza/run/${next.id}/logs`]: { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate more rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate more rows' });
    if (options.kind !== undefined) {
      await user.click(within(dialog).getByRole('button', { name: options.kind }));
    }
    const field = within(dialog).getByRole('textbox', { name: options.field });
    await user.clear(field);
    await user.type(field, options.invalid);
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByText(options.refusal)).toBeVisible();
    await user.clear(field);
    await user.type(field, options.valid);
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/nucleus/synthesizers/runs/${next.id}`);
    });
    const calls = recordedCalls(spy).filter((entry) => entry.path === '/api/sinteza/generate');
    expect(calls).toHaveLength(1);
    return calls[0];
  }

  it('generates a relational run’s tables again at the scale typed, refusing one that is not a number above 0', async () => {
    const call = await generateTables({
      tables: [
        { name: 'account', runId: buildRun().id, isRoot: true },
        { name: 'trans', runId: buildRun().id, isRoot: false },
      ],
      field: 'Scale',
      invalid: '0',
      refusal: 'Enter a number above 0 and up to 100.',
      valid: '2.5',
    });
    expect(call?.query.get('scale')).toBe('2.5');
    expect(call?.query.get('numRows')).toBeNull();
  });

  it('generates a relational run’s tables again from the rows of its first root table', async () => {
    const call = await generateTables({
      tables: [
        { name: 'trans', runId: buildRun().id, isRoot: false },
        { name: 'account', runId: buildRun().id, isRoot: true },
      ],
      kind: 'Rows of account',
      field: 'Rows of account',
      invalid: '2.5',
      refusal: 'Enter a whole number of rows, 1 or more.',
      valid: '250',
    });
    expect(call?.query.get('numRows')).toBe('250');
    expect(call?.query.get('scale')).toBeNull();
  });

  it('follows a running run live: progress, log, and the report once it is done; it can be cancelled', async () => {
    let reads = 0;
    const run = buildRun({ status: 'RUNNING', progress: 40, finishedAt: null });
    const { spy, user } = renderRun(run, {
      [`GET /api/sinteza/run/${run.id}`]: () => {
        reads += 1;
        return { body: reads < 3 ? run : { ...run, status: 'DONE', progress: 100 } };
      },
      [`PUT /api/sinteza/run/${run.id}/cancel`]: { body: { ...run, status: 'CANCELLED' } },
    });
    expect(await screen.findByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Running')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(
      recordedCalls(spy).some((call) => call.path === `/api/sinteza/run/${run.id}/cancel`),
    ).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Quality report' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('says a run failed in our words, not the server’s, and deletes it after confirming', async () => {
    const run = buildRun({ status: 'FAILED', errorMessage: 'Worker exploded', progress: 30 });
    const { user, router } = renderRun(run, {
      [`DELETE /api/sinteza/run/${run.id}`]: { status: 204 },
    });
    expect(await screen.findByText('The run failed. Its log says why.')).toBeVisible();
    expect(screen.queryByText('Worker exploded')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quality report' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/nucleus/synthesizers');
    });
  });

  it('answers another team’s or a deleted run with a translated not-found', async () => {
    const run = buildRun();
    renderRun(run, {
      [`GET /api/sinteza/run/${run.id}`]: { status: 404, body: errorBody('NOT_FOUND', 'gone') },
      [`GET /api/sinteza/run/${run.id}/logs`]: { status: 404, body: errorBody('NOT_FOUND') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('gone');
    expect(screen.getByRole('link', { name: 'All runs' })).toHaveAttribute(
      'href',
      '/nucleus/synthesizers',
    );
  });
});
