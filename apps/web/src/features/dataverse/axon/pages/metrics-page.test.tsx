import type { TSellerMetrics } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../../lib/auth';
import { i18n } from '../../../../lib/i18n';
import { queryClient } from '../../../../lib/query-client';
import { stubFetch } from '../../../../test/fetch-stub';
import { buildUser } from '../../../../test/fixtures';
import { renderRoute } from '../../../../test/render';
import { MetricsPage } from './metrics-page';

const METRICS: TSellerMetrics = {
  totals: { datasets: 1, published: 1, views: 1234, purchases: 3, revenue: 123456 },
  days: [],
  datasets: [
    {
      datasetId: '11111111-1111-4111-8111-111111111111',
      datasetName: 'Customer spend',
      views: 1234,
      purchases: 3,
      revenue: 123456,
    },
  ],
};

/** 30 days up to 2026-11-27, with views on two of them and one sale on the last. */
function lastDays(active: boolean): TSellerMetrics['days'] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 29 + index)).toISOString().slice(0, 10);
    if (!active) return { day, views: 0, purchases: 0, revenue: 0 };
    if (index === 28) return { day, views: 7, purchases: 0, revenue: 0 };
    if (index === 29) return { day, views: 5, purchases: 1, revenue: 2500 };
    return { day, views: 0, purchases: 0, revenue: 0 };
  });
}

function renderMetrics(metrics: TSellerMetrics) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  stubFetch({ 'GET /api/axon/metrics': { body: metrics } });
  renderRoute({ path: '/axon/metrics', element: <MetricsPage /> });
}

describe('MetricsPage', () => {
  it('charts the last 30 days with their sums in words, in en-US and es', async () => {
    renderMetrics({ ...METRICS, days: lastDays(true) });
    const chart = await screen.findByRole('figure', { name: 'Last 30 days' });
    expect(
      within(chart).getByText('Last 30 days: views 12, purchases 1, revenue 25,00 €.'),
    ).toBeVisible();
    await i18n.changeLanguage('es');
    try {
      expect(
        await screen.findByText('Últimos 30 días: visitas 12, compras 1, ingresos 25,00 €.'),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('says so when the last 30 days had no views, purchases or revenue', async () => {
    renderMetrics({ ...METRICS, days: lastDays(false) });
    expect(
      await screen.findByText('No views, purchases or revenue in the last 30 days.'),
    ).toBeVisible();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows the seller’s views, purchases and revenue in total and per dataset', async () => {
    renderMetrics(METRICS);

    const table = await screen.findByRole('table', { name: 'Figures per dataset' });
    const row = within(table).getByRole('row', { name: /Customer spend/ });
    expect(within(row).getByText('1.234')).toBeVisible();
    expect(within(row).getByText('1.234,56 €')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Revenue' })).toHaveTextContent('1.234,56 €');
  });
});
