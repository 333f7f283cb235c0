import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStatistics, NO_CALLS } from '../testing/fixtures';
import { stubLayoutInEachTest } from '../../../test/layout-stub';
import { renderNeuronPage, type Routes } from '../testing/render-neuron-page';
import { PerformancePage } from './performance-page';

function renderPerformance(routes: Routes = {}) {
  return renderNeuronPage({
    neuron: 'LegalMind',
    page: 'performance',
    element: <PerformancePage />,
    routes: {
      'GET /api/statistics/LegalMind/month': { body: buildStatistics() },
      ...routes,
    },
  });
}

describe('PerformancePage', () => {
  stubLayoutInEachTest(1200, 800);

  it('shows the latency percentiles and the error rate, with their charts', async () => {
    renderPerformance();
    const p50 = await screen.findByRole('group', { name: 'Median latency (p50)' });
    expect(p50).toHaveTextContent('120 ms');
    expect(screen.getByRole('group', { name: '95th percentile latency (p95)' })).toHaveTextContent(
      '480 ms',
    );
    const rate = screen.getByRole('group', { name: 'Error rate' });
    expect(rate).toHaveTextContent('2,0 %');
    expect(rate).toHaveTextContent('30 errors in 1.500 calls');
    expect(screen.getByRole('figure', { name: 'Latency per day' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Error rate per day' })).toBeInTheDocument();
  });

  it('copes with latency not measured yet (null)', async () => {
    const statistics = buildStatistics();
    renderPerformance({
      'GET /api/statistics/LegalMind/month': {
        body: {
          ...statistics,
          totals: { ...statistics.totals, p50Ms: null, p95Ms: null },
          days: statistics.days.map((day) => ({ ...day, p50Ms: null, p95Ms: null })),
        },
      },
    });
    const p50 = await screen.findByRole('group', { name: 'Median latency (p50)' });
    expect(within(p50).getByText('—')).toBeInTheDocument();
    expect(within(p50).getByText('Not measured yet.')).toBeInTheDocument();
    expect(
      screen.getByText('The latency of your calls has not been measured yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Error rate per day' })).toBeInTheDocument();
  });

  it('says there are no calls yet', async () => {
    renderPerformance({
      'GET /api/statistics/LegalMind/month': { body: buildStatistics(NO_CALLS) },
    });
    expect(await screen.findByText('No calls yet in this period.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Error rate' })).toHaveTextContent('—');
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
