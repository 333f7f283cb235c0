import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { buildRun, runsPage, signIn } from '../testing/nucleus-fixtures';
import { RunsPage } from './runs-page';

function renderRuns(routes: Parameters<typeof stubFetch>[0], search = '') {
  signIn();
  const spy = stubFetch(routes);
  return {
    spy,
    ...renderRoute({
      path: '/nucleus/synthesizers',
      element: <RunsPage />,
      initialEntry: `/nucleus/synthesizers${search}`,
    }),
  };
}

function lastQuery(spy: ReturnType<typeof stubFetch>): URLSearchParams | undefined {
  return recordedCalls(spy)
    .filter((call) => call.path === '/api/sinteza/runs')
    .at(-1)?.query;
}

describe('RunsPage', () => {
  it('lists the runs with status, kind, algorithm, rows and dates, each linking to its page', async () => {
    const done = buildRun({ fileName: 'adult.csv', numRows: 1500 });
    const running = buildRun({
      fileName: 'customers.csv',
      status: 'RUNNING',
      progress: 40,
      kind: 'GENERATE',
      finishedAt: null,
    });
    renderRuns({ 'GET /api/sinteza/runs': { body: runsPage([running, done]) } });
    const table = await screen.findByRole('table', { name: 'Runs' });
    const doneRow = within(table).getByRole('row', { name: /adult\.csv/ });
    expect(within(doneRow).getByText('Done')).toBeVisible();
    expect(within(doneRow).getByText('Bayesian network')).toBeVisible();
    expect(within(doneRow).getByText('1.500')).toBeVisible();
    expect(within(doneRow).getByRole('link', { name: 'adult.csv' })).toHaveAttribute(
      'href',
      `/nucleus/synthesizers/runs/${done.id}`,
    );
    const runningRow = within(table).getByRole('row', { name: /customers\.csv/ });
    expect(within(runningRow).getByText('More rows')).toBeVisible();
    expect(
      within(runningRow).getByRole('progressbar', { name: 'Progress of customers.csv' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(within(runningRow).getByRole('button', { name: 'Cancel customers.csv' })).toBeVisible();
    expect(within(runningRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('polls while a run works and stops once every run is final', async () => {
    let calls = 0;
    const run = buildRun({ status: 'RUNNING', progress: 10, finishedAt: null });
    renderRuns({
      'GET /api/sinteza/runs': () => {
        calls += 1;
        return {
          body: runsPage([calls < 2 ? run : { ...run, status: 'DONE', progress: 100 }]),
        };
      },
    });
    expect(await screen.findByText('Running')).toBeVisible();
    expect(await screen.findByText('Done')).toBeVisible();
    const settled = calls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toBe(settled);
  });

  it('filters by status and pages through the runs', async () => {
    const { spy, user, router } = renderRuns({
      'GET /api/sinteza/runs': (call) => ({
        body: runsPage([buildRun()], {
          total: 45,
          page: Number(call.query.get('page')),
          pageSize: 20,
        }),
      }),
    });
    await screen.findByRole('table', { name: 'Runs' });
    expect(screen.getByText('1–20 of 45')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–40 of 45')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => {
      const last = recordedCalls(spy).at(-1);
      expect(last?.query.get('status')).toBe('FAILED');
      expect(last?.query.get('page')).toBe('0');
    });
    expect(router.state.location.search).toBe('?status=FAILED');
  });

  it('filters by algorithm, kind and creation days kept in the address, the days in the user’s time zone', async () => {
    const { spy, user, router } = renderRuns(
      { 'GET /api/sinteza/runs': { body: runsPage([buildRun()]) } },
      '?algorithm=bayesian-network&kind=GENERATE&from=2026-11-01&to=2026-11-30',
    );
    await screen.findByRole('table', { name: 'Runs' });
    const filters = screen.getByRole('search', { name: 'Filter the runs' });
    expect(within(filters).getByRole('combobox', { name: 'Algorithm' })).toHaveTextContent(
      'Bayesian network',
    );
    expect(within(filters).getByRole('combobox', { name: 'Kind' })).toHaveTextContent('More rows');
    expect(within(filters).getByLabelText('Created from')).toHaveValue('2026-11-01');
    const first = lastQuery(spy);
    expect(first?.get('algorithm')).toBe('bayesian-network');
    expect(first?.get('kind')).toBe('GENERATE');
    expect(first?.get('createdFrom')).toBe(new Date(2026, 10, 1).toISOString());
    expect(first?.get('createdTo')).toBe(new Date(2026, 11, 1).toISOString());

    await user.click(within(filters).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Related tables' }));
    await waitFor(() => {
      expect(lastQuery(spy)?.get('kind')).toBe('RELATIONAL');
    });
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('RELATIONAL');

    fireEvent.change(within(filters).getByLabelText('Created until'), {
      target: { value: '2026-10-15' },
    });
    expect(await screen.findByText('Choose a day on or after the first.')).toBeVisible();
    await waitFor(() => {
      expect(lastQuery(spy)?.get('createdTo')).toBeNull();
    });
    expect(lastQuery(spy)?.get('createdFrom')).toBeNull();
  });

  it('ignores filters in the address that name no status, kind or day, and says when none match', async () => {
    const { spy } = renderRuns(
      { 'GET /api/sinteza/runs': { body: runsPage([]) } },
      '?status=NOPE&kind=EDGE&algorithm=ctgan&from=2026-02-30&to=2026-11-30',
    );
    expect(await screen.findByText('No runs match these filters.')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'New synthesis' })).toHaveLength(1);
    const query = lastQuery(spy);
    for (const name of ['status', 'kind', 'algorithm', 'createdFrom']) {
      expect(query?.get(name), name).toBeNull();
    }
    expect(query?.get('createdTo')).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('cancels a running run and deletes a finished one after confirming', async () => {
    const running = buildRun({ fileName: 'a.csv', status: 'QUEUED', progress: 0 });
    const done = buildRun({ fileName: 'b.csv' });
    const { spy, user } = renderRuns({
      'GET /api/sinteza/runs': { body: runsPage([running, done]) },
      [`PUT /api/sinteza/run/${running.id}/cancel`]: {
        body: { ...running, status: 'CANCELLED' },
      },
      [`DELETE /api/sinteza/run/${done.id}`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel a.csv' }));
    await user.click(screen.getByRole('button', { name: 'Delete b.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete run?' });
    expect(
      within(dialog).getByText(
        'The run of b.csv, its synthetic data and its report will be deleted.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const calls = recordedCalls(spy).map((call) => `${call.method} ${call.path}`);
    expect(calls).toContain(`PUT /api/sinteza/run/${running.id}/cancel`);
    expect(calls).toContain(`DELETE /api/sinteza/run/${done.id}`);
  });

  it('keeps the run when the delete is not confirmed', async () => {
    const done = buildRun({ fileName: 'b.csv' });
    const { spy, user } = renderRuns({ 'GET /api/sinteza/runs': { body: runsPage([done]) } });
    await user.click(await screen.findByRole('button', { name: 'Delete b.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(recordedCalls(spy).some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('invites to a first synthesis when there are no runs, in Spanish too', async () => {
    await changeLanguage('es');
    renderRuns({ 'GET /api/sinteza/runs': { body: runsPage([]) } });
    expect(
      await screen.findByText(
        'Aún no hay ejecuciones. Sube una tabla para crear tus primeros datos sintéticos.',
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Nueva síntesis' })[0]).toHaveAttribute(
      'href',
      '/nucleus/synthesize',
    );
  });

  it('shows the subscription overlay on a 402 and a translated error with Retry otherwise', async () => {
    renderRuns({
      'GET /api/sinteza/runs': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED', 'The team has no active Nucleus subscription'),
      },
    });
    expect(await screen.findByRole('region', { name: 'Subscription needed' })).toBeInTheDocument();
    expect(screen.queryByText(/no active Nucleus subscription/)).not.toBeInTheDocument();
  });

  it('shows a failed load in words with Retry', async () => {
    let isDown = true;
    const { user } = renderRuns({
      'GET /api/sinteza/runs': () =>
        isDown ? { status: 500, body: errorBody('INTERNAL', 'boom') } : { body: runsPage([]) },
    });
    // A 5xx is tried twice more before it shows.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops something went wrong, try again in a while.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('boom');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No runs yet/)).toBeVisible();
  });
});
