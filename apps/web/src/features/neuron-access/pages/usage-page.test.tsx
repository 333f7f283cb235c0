import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls } from '../../../test/fetch-stub';
import { buildLogs, buildStatistics, NO_CALLS } from '../testing/fixtures';
import { SLOW, stubLayoutInEachTest } from '../../../test/layout-stub';
import { renderNeuronPage, type Routes } from '../testing/render-neuron-page';
import { UsagePage } from './usage-page';

function renderUsage(routes: Routes = {}) {
  return renderNeuronPage({
    neuron: 'FinancialViewer',
    page: 'usage',
    element: <UsagePage />,
    routes: {
      'GET /api/statistics/FinancialViewer/month': { body: buildStatistics() },
      'GET /api/logs/FinancialViewer/month': { body: buildLogs(12) },
      ...routes,
    },
  });
}

describe('UsagePage', () => {
  stubLayoutInEachTest(1200, 800);

  it('shows the month against the limit, the totals, the charts and the log grid', async () => {
    renderUsage();
    expect(
      await screen.findByText('1.234 of 10.000 calls of your plan this month'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Calls' })).toHaveTextContent('1.500');
    expect(screen.getByRole('group', { name: 'Units' })).toHaveTextContent('4.200');
    expect(screen.getByRole('figure', { name: 'Calls and errors per day' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Units per day' })).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'Latest calls' }, SLOW);
    expect(await within(grid).findByText('/v1/financial/getbanks#1', {}, SLOW)).toBeVisible();
    // Ten to a page, times in the user's zone (Europe/Madrid), durations in Spanish format.
    expect(within(grid).queryByText('/v1/financial/getbanks#11')).toBeNull();
    expect(within(grid).getByText('24-11-2026 10:30:00')).toBeInTheDocument();
    expect(within(grid).getByText('1.500 ms')).toBeInTheDocument();
    expect(within(grid).getByText('401')).toBeInTheDocument();
  });

  it('switches the period for the statistics and the log', async () => {
    const { user, spy } = renderUsage({
      'GET /api/statistics/FinancialViewer/week': {
        body: buildStatistics({
          period: 'week',
          totals: { ...buildStatistics().totals, calls: 7 },
        }),
      },
      'GET /api/logs/FinancialViewer/week': { body: [] },
    });
    const period = await screen.findByRole('group', { name: 'Period' });
    expect(
      within(period)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Day', 'Week', 'Month', 'Year']);
    expect(within(period).getByRole('button', { name: 'Month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(period).getByRole('button', { name: 'Week' }));
    await waitFor(() => {
      expect(screen.getByRole('group', { name: 'Calls' })).toHaveTextContent('7');
    });
    const paths = recordedCalls(spy).map((call) => call.path);
    expect(paths).toContain('/api/statistics/FinancialViewer/week');
    expect(paths).toContain('/api/logs/FinancialViewer/week');
    expect(await screen.findByText('No calls yet in this period.', {}, SLOW)).toBeInTheDocument();
  });

  it('says there are no calls yet instead of empty charts', async () => {
    renderUsage({
      'GET /api/statistics/FinancialViewer/month': { body: buildStatistics(NO_CALLS) },
      'GET /api/logs/FinancialViewer/month': { body: [] },
    });
    // The summary's note and the empty grid's.
    await waitFor(() => {
      expect(screen.getAllByText('No calls yet in this period.')).toHaveLength(2);
    }, SLOW);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows an unlimited plan and the errors in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderUsage({
      'GET /api/statistics/FinancialViewer/month': {
        body: buildStatistics({ monthlyLimit: null, monthCalls: 12345 }),
      },
      'GET /api/logs/FinancialViewer/month': {
        status: 429,
        body: errorBody('RATE_LIMITED', 'Slow down'),
      },
    });
    expect(
      await screen.findByText('12.345 llamadas este mes. Tu plan no tiene límite mensual.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Demasiadas llamadas en poco tiempo. Espera un momento e inténtalo de nuevo.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Slow down')).toBeNull();
  });
});
