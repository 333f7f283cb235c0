import type { TSellerMetrics } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../../lib/auth';
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

describe('MetricsPage', { timeout: 20_000 }, () => {
  it('shows the seller’s views, purchases and revenue in total and per dataset', async () => {
    localStorage.setItem('token', 'jwt');
    queryClient.setQueryData(USER_QUERY_KEY, buildUser());
    stubFetch({ 'GET /api/axon/metrics': { body: METRICS } });
    renderRoute({ path: '/axon/metrics', element: <MetricsPage /> });

    const table = await screen.findByRole('table', { name: 'Figures per dataset' });
    const row = within(table).getByRole('row', { name: /Customer spend/ });
    expect(within(row).getByText('1.234')).toBeVisible();
    expect(within(row).getByText('1.234,56 €')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Revenue' })).toHaveTextContent('1.234,56 €');
  });
});
