import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls } from '../../../test/fetch-stub';
import { buildNeuron, buildStatistics, neuronAccess } from '../testing/fixtures';
import { renderNeuronPage, type Routes } from '../testing/render-neuron-page';
import { OverviewPage } from './overview-page';

function renderOverview(routes: Routes = {}, roles?: number[]) {
  return renderNeuronPage({
    neuron: 'LegalMind',
    page: 'overview',
    element: <OverviewPage />,
    ...(roles ? { roles } : {}),
    routes: {
      'GET /api/info/LegalMind': { body: buildNeuron('LegalMind') },
      'GET /api/microservice/access/LegalMind': { body: neuronAccess() },
      'GET /api/statistics/LegalMind/month': { body: buildStatistics() },
      ...routes,
    },
  });
}

describe('OverviewPage', () => {
  it('shows what the neuron does, the plan, the month calls and the next steps', async () => {
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'LegalMind overview' })).toBeInTheDocument();
    expect(screen.getByText('Anonymises legal texts.')).toBeInTheDocument();
    expect(
      await screen.findByText('Your team is subscribed to the Business plan.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('1.234 of 10.000 calls of your plan this month'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Calls this month' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    const next = screen.getByRole('navigation', { name: 'What to do next' });
    expect(
      within(next)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Test the API', '/neurons/LegalMind/test'],
      ['Integrate', '/neurons/LegalMind/integration'],
      ['Get the token', '/neurons/LegalMind/token'],
      ['See plans', '/neurons/LegalMind/plans'],
    ]);
  });

  it('warns when the monthly limit is reached', async () => {
    renderOverview({
      'GET /api/statistics/LegalMind/month': {
        body: buildStatistics({ monthCalls: 10000, monthlyLimit: 10000 }),
      },
    });
    expect(await screen.findByText(/The monthly limit has been reached/)).toBeInTheDocument();
  });

  it('without a subscription gives a clear way to the plans', async () => {
    const { spy } = renderOverview({
      'GET /api/microservice/access/LegalMind': { body: neuronAccess(false) },
    });
    const region = await screen.findByRole('region', { name: 'No subscription yet' });
    expect(region).toHaveTextContent('Your team has no active subscription to LegalMind.');
    expect(within(region).getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/neurons/LegalMind/plans',
    );
    expect(recordedCalls(spy).map((call) => call.path)).not.toContain(
      '/api/statistics/LegalMind/month',
    );
  });

  it('shows an invited member the plan without any billing call, and no plans link', async () => {
    const { spy } = renderOverview({}, [6]);
    expect(
      await screen.findByText('Your team is subscribed to the Business plan.'),
    ).toBeInTheDocument();
    expect(recordedCalls(spy).map((call) => call.path)).not.toContain('/api/currentplan/LegalMind');
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
  });

  it('tells an invited member without a subscription to ask the owner', async () => {
    renderOverview(
      { 'GET /api/microservice/access/LegalMind': { body: neuronAccess(false) } },
      [6],
    );
    const region = await screen.findByRole('region', { name: 'No subscription yet' });
    expect(region).toHaveTextContent("Ask your team's owner or an administrator");
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('shows a translated error for an unknown neuron', async () => {
    renderNeuronPage({
      neuron: 'Nope',
      page: 'overview',
      element: <OverviewPage />,
      routes: { 'GET /api/info/Nope': { status: 404, body: errorBody('NOT_FOUND', 'No neuron') } },
    });
    expect(
      await screen.findByText('This neuron does not exist or has no public API.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
