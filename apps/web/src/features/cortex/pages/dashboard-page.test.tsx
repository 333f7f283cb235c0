import { stubLayout } from '../../../test/layout-stub';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import {
  NEURONS,
  NO_PLAN,
  activePlan,
  buildStatistics,
  signInAs,
} from '../testing/cortex-fixtures';
import { DashboardPage } from './dashboard-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

const VIEWER_STATISTICS = buildStatistics({
  monthCalls: 1234,
  monthlyLimit: 10_000,
  totals: { calls: 2345, errors: 12, units: 45_678, p50Ms: 120, p95Ms: 1480 },
  days: [
    { day: '2026-11-20', calls: 2000, errors: 10, units: 40_000, p50Ms: 110, p95Ms: 1400 },
    { day: '2026-11-24', calls: 345, errors: 2, units: 5678, p50Ms: 130, p95Ms: 1500 },
  ],
});

function renderDashboard(routes: Routes = {}, roles = [5]) {
  signInAs(roles);
  const spy = stubFetch({
    'GET /api/listneurons': { body: NEURONS },
    'GET /api/currentplan/FinancialViewer': { body: activePlan('FinancialViewer', 'Starter') },
    'GET /api/currentplan/LegalMind': { body: activePlan('LegalMind', 'Enterprise', null) },
    'GET /api/currentplan/Nucleus': { body: NO_PLAN },
    'GET /api/statistics/FinancialViewer/month': { body: VIEWER_STATISTICS },
    'GET /api/statistics/LegalMind/month': {
      body: buildStatistics({
        monthCalls: 50_000,
        totals: { calls: 60_000, errors: 0, units: 60_000, p50Ms: 40, p95Ms: 90 },
        days: [
          { day: '2026-11-24', calls: 60_000, errors: 0, units: 60_000, p50Ms: 40, p95Ms: 90 },
        ],
      }),
    },
    'GET /api/statistics/Nucleus/month': { body: buildStatistics() },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/cortex/dashboard', element: <DashboardPage /> }) };
}

/** An element's text with any white space (Intl's narrow spaces) as a plain space. */
function text(element: Element): string {
  return element.textContent.replace(/\s/g, ' ');
}

async function findCard(name: string) {
  return screen.findByRole('region', { name });
}

beforeEach(() => {
  stubLayout(600, 300);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it("measures this month's calls against the plan's limit with a bar", async () => {
    renderDashboard();
    const viewer = await findCard('Financial Viewer');
    expect(await within(viewer).findByText('Plan: Starter')).toBeInTheDocument();
    const bar = await within(viewer).findByRole('progressbar', {
      name: '1.234 of 10.000 calls this month',
    });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(12.34);
    expect(text(viewer)).toContain('12 %');
  });

  it('shows the last 30 days in Spanish number format, with latency and a chart', async () => {
    renderDashboard();
    const viewer = await findCard('Financial Viewer');
    await within(viewer).findByText('Last 30 days');
    const terms = within(viewer)
      .getAllByRole('term')
      .map((term) => [term.textContent, text(term.nextElementSibling!)]);
    expect(terms).toEqual([
      ['Calls', '2.345'],
      ['Errors', '12'],
      ['Units', '45.678'],
      ['Median time', '120 ms'],
      ['95th percentile time', '1.480 ms'],
    ]);
    expect(
      within(viewer).getByRole('figure', {
        name: 'Calls per day of Financial Viewer, last 30 days',
      }),
    ).toBeInTheDocument();
    expect(
      within(viewer).getByRole('link', { name: 'Usage details of Financial Viewer' }),
    ).toHaveAttribute('href', '/neurons/FinancialViewer/usage');
  });

  it('says a plan without a limit is unlimited, with no bar', async () => {
    renderDashboard();
    const legalMind = await findCard('LegalMind');
    expect(await within(legalMind).findByText('Unlimited calls on your plan')).toBeInTheDocument();
    expect(within(legalMind).getByText('Plan: Enterprise')).toBeInTheDocument();
    expect(within(legalMind).getByText('50.000 calls this month')).toBeInTheDocument();
    expect(within(legalMind).queryByRole('progressbar')).toBeNull();
  });

  it('shows a module the team has not subscribed to as such, with its plans', async () => {
    renderDashboard();
    const nucleus = await findCard('Nucleus');
    expect(await within(nucleus).findByText('Not subscribed')).toBeInTheDocument();
    expect(within(nucleus).getByRole('link', { name: 'See plans for Nucleus' })).toHaveAttribute(
      'href',
      '/neurons/Nucleus/plans',
    );
    expect(await within(nucleus).findByText('0 calls this month')).toBeInTheDocument();
    expect(within(nucleus).queryByText('Unlimited calls on your plan')).toBeNull();
    expect(within(nucleus).queryByRole('progressbar')).toBeNull();
    expect(within(nucleus).getByText('No calls in the last 30 days.')).toBeInTheDocument();
    expect(within(nucleus).queryByRole('figure')).toBeNull();
    // No answered call: no latency.
    expect(within(nucleus).getAllByText('—')).toHaveLength(2);
  });

  it('warns when the limit is reached', async () => {
    renderDashboard({
      'GET /api/statistics/FinancialViewer/month': {
        body: { ...VIEWER_STATISTICS, monthCalls: 10_250 },
      },
    });
    const viewer = await findCard('Financial Viewer');
    const bar = await within(viewer).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(within(viewer).getByText(/The plan's limit is reached/)).toBeInTheDocument();
  });

  it('loads every module at once and keeps the others when one fails', async () => {
    let fails = true;
    const { user, spy } = renderDashboard({
      'GET /api/statistics/LegalMind/month': () =>
        fails
          ? { status: 404, body: errorBody('NOT_FOUND', 'There is no neuron LegalMind.') }
          : { body: buildStatistics({ monthCalls: 3 }) },
    });
    const legalMind = await findCard('LegalMind');
    expect(
      await within(legalMind).findByText('This module is not available right now.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('There is no neuron LegalMind.')).toBeNull();
    const viewer = await findCard('Financial Viewer');
    expect(await within(viewer).findByRole('progressbar')).toBeInTheDocument();
    expect(await within(await findCard('Nucleus')).findByText('0 calls this month')).toBeVisible();
    const statisticsPaths = recordedCalls(spy)
      .map((call) => call.path)
      .filter((path) => path.startsWith('/api/statistics/'));
    expect(statisticsPaths.sort()).toEqual([
      '/api/statistics/FinancialViewer/month',
      '/api/statistics/LegalMind/month',
      '/api/statistics/Nucleus/month',
    ]);

    fails = false;
    await user.click(within(legalMind).getByRole('button', { name: 'Retry' }));
    expect(await within(legalMind).findByText('3 calls this month')).toBeInTheDocument();
  });

  it("shows a member the team's use without reading its plans", async () => {
    const { spy } = renderDashboard({}, [6]);
    expect(
      screen.getByText("Plans and their limits are shown to your team's owner and administrators."),
    ).toBeInTheDocument();
    const viewer = await findCard('Financial Viewer');
    // The limit comes with the statistics: a member sees the bar too.
    expect(
      await within(viewer).findByRole('progressbar', { name: '1.234 of 10.000 calls this month' }),
    ).toBeInTheDocument();
    const legalMind = await findCard('LegalMind');
    expect(await within(legalMind).findByText('50.000 calls this month')).toBeInTheDocument();
    // Without the plan, a null limit could be unlimited or no plan at all: nothing is claimed.
    expect(screen.queryByText('Unlimited calls on your plan')).toBeNull();
    expect(screen.queryByText('Not subscribed')).toBeNull();
    expect(recordedCalls(spy).some((call) => call.path.startsWith('/api/currentplan/'))).toBe(
      false,
    );
  });

  it('shows a skeleton while the modules load, then their translated error', async () => {
    renderDashboard({ 'GET /api/listneurons': 'network-error' });
    expect(screen.getByRole('status', { name: 'Loading the modules' })).toBeInTheDocument();
    expect(await screen.findByText('Something was wrong, try later.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument();
    const viewer = await findCard('Financial Viewer');
    expect(
      await within(viewer).findByRole('progressbar', {
        name: '1.234 de 10.000 llamadas este mes',
      }),
    ).toBeInTheDocument();
    expect(await within(await findCard('Nucleus')).findByText('Sin suscripción')).toBeVisible();
  });
});
