import type { TUsageLogsResponse } from '@app/contracts/neuron-access';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { SLOW, stubLayoutInEachTest } from '../../../test/layout-stub';
import { renderRoute } from '../../../test/render';
import { buildLimits, buildRun, buildUsage, runsPage, signIn } from '../testing/nucleus-fixtures';
import { UsagePage } from './usage-page';

/** The team's Nucleus calls, newest first: synthesis starts, then an edge report. */
function nucleusLogs(count: number): TUsageLogsResponse {
  return Array.from({ length: count }, (_, index) => ({
    at: new Date(Date.UTC(2026, 10, 20, 9, 30, 0) - index * 60_000).toISOString(),
    endpoint:
      index === count - 1
        ? 'EDGE synthesize bayesian-network (1.0.0)'
        : `POST /v1/sinteza/synthesize#${String(index + 1)}`,
    statusCode: index === 0 ? 422 : 200,
    durationMs: 40 + index,
    units: 100,
  }));
}

function renderUsage(routes: Parameters<typeof stubFetch>[0] = {}) {
  signIn();
  const spy = stubFetch({
    'GET /api/sinteza/usage/statistics': { body: buildUsage() },
    'GET /api/sinteza/limits': { body: buildLimits() },
    'GET /api/sinteza/runs': {
      body: runsPage([buildRun({ fileName: 'adult.csv', createdAt: new Date().toISOString() })]),
    },
    'GET /api/logs/Nucleus/month': { body: nucleusLogs(12) },
    ...routes,
  });
  return { ...renderRoute({ path: '/nucleus/usage', element: <UsagePage /> }), spy };
}

describe('UsagePage', () => {
  stubLayoutInEachTest();

  it('shows this month’s runs, rows and jobs against the plan, the per-run limits and the latest runs', async () => {
    const { spy } = renderUsage();
    expect(await screen.findByRole('group', { name: 'Runs this month' })).toHaveTextContent(
      '3 of 10',
    );
    expect(screen.getByRole('group', { name: 'Rows this month' })).toHaveTextContent(
      '1.500 of 50.000',
    );
    expect(screen.getByRole('group', { name: 'Jobs working now' })).toHaveTextContent('1 of 1');
    expect(screen.getByText('Up to 10.000 rows and 20 columns per run.')).toBeVisible();
    expect(screen.getByText(/^Plan: Free\./)).toBeVisible();
    const latest = screen.getByRole('region', { name: 'Latest runs' });
    expect(within(latest).getByRole('link', { name: 'adult.csv' })).toBeVisible();
    const runs = recordedCalls(spy).find((call) => call.path === '/api/sinteza/runs');
    expect(runs?.query.get('pageSize')).toBe('10');
  });

  it('draws the server’s rows and runs per day of the month and per month of the year, with their sums in words', async () => {
    renderUsage();
    const days = await screen.findByRole('figure', { name: 'Rows and runs per day this month' });
    expect(
      within(days).getByText('Runs: 3. Rows: 1.500. Most rows: 1.200 on 20-11-2026, in runs: 2.'),
    ).toBeVisible();
    expect(within(days).getByText('Rows')).toBeVisible();
    expect(within(days).getByText('Runs')).toBeVisible();
    const months = screen.getByRole('figure', { name: 'Rows and runs per month, last 12 months' });
    expect(
      within(months).getByText(
        'Runs: 143. Rows: 85.500. Most rows: 84.000 in Jun 2026, in runs: 140.',
      ),
    ).toBeVisible();
    expect(days.querySelector('svg')).not.toBeNull();
  });

  it('says there were no runs instead of drawing empty charts', async () => {
    const usage = buildUsage({ runs: 0, rows: 0 });
    renderUsage({
      'GET /api/sinteza/usage/statistics': {
        body: {
          ...usage,
          days: usage.days.map((day) => ({ ...day, runs: 0, rows: 0 })),
          months: usage.months.map((month) => ({ ...month, runs: 0, rows: 0 })),
        },
      },
    });
    const days = await screen.findByRole('region', { name: 'Rows and runs per day this month' });
    expect(within(days).getByText('No runs in this period yet.')).toBeVisible();
    expect(screen.queryByRole('figure', { name: /Rows and runs/ })).toBeNull();
  });

  it('shows the team’s Nucleus calls of the month, edge reports included, ten to a page', async () => {
    const { user, spy } = renderUsage();
    const grid = await screen.findByRole('grid', { name: 'Latest calls' }, SLOW);
    expect(await within(grid).findByText('POST /v1/sinteza/synthesize#1', {}, SLOW)).toBeVisible();
    expect(within(grid).getByText('422')).toBeInTheDocument();
    expect(within(grid).queryByText('EDGE synthesize bayesian-network (1.0.0)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(
      await within(grid).findByText('EDGE synthesize bayesian-network (1.0.0)', {}, SLOW),
    ).toBeVisible();
    expect(recordedCalls(spy).map((call) => call.path)).toContain('/api/logs/Nucleus/month');
  });

  it('says when the plan has no limit and names the months, in Spanish', async () => {
    await changeLanguage('es');
    renderUsage({
      'GET /api/sinteza/usage/statistics': {
        body: buildUsage({ runLimit: null, monthlyRowLimit: null }),
      },
    });
    expect(await screen.findByRole('group', { name: 'Ejecuciones este mes' })).toHaveTextContent(
      '3 (sin límite)',
    );
    expect(
      screen.getByText(
        'Ejecuciones: 143. Filas: 85.500. Más filas: 84.000 en jun 2026, en ejecuciones: 140.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('grid', { name: 'Últimas llamadas' }, SLOW)).toBeVisible();
  });

  it('shows the overlay without a subscription and a translated error otherwise', async () => {
    renderUsage({
      'GET /api/sinteza/usage/statistics': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED', 'no subscription'),
      },
    });
    expect(await screen.findByRole('region', { name: 'Subscription needed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/nucleus/plans',
    );
  });
});
