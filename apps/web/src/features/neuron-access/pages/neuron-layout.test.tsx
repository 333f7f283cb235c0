import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redirect } from 'react-router';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { buildNeuron, signIn } from '../testing/fixtures';
import { NeuronLayout } from './neuron-layout';

function renderLayout(path: string) {
  signIn();
  stubFetch({
    'GET /api/info/LegalMind': { body: buildNeuron('LegalMind') },
    'GET /api/info/FinancialViewer': { body: buildNeuron('FinancialViewer') },
    'GET /api/info/Nucleus': { body: { ...buildNeuron('LegalMind'), name: 'Nucleus' } },
  });
  return renderRoutes(
    [
      {
        path: '/neurons/:neuron',
        element: <NeuronLayout />,
        children: [
          {
            index: true,
            loader: ({ params }) => redirect(`/neurons/${params.neuron ?? ''}/overview`),
          },
          { path: '*', element: <p>page</p> },
        ],
      },
    ],
    path,
  );
}

describe('NeuronLayout', () => {
  it('gives LegalMind its API pages, the anonymizer and insights, plans and token', async () => {
    const { router } = renderLayout('/neurons/LegalMind');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/neurons/LegalMind/overview');
    expect(
      screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/neurons/LegalMind/overview'],
      ['Test', '/neurons/LegalMind/test'],
      ['Integration', '/neurons/LegalMind/integration'],
      ['Usage', '/neurons/LegalMind/usage'],
      ['Performance', '/neurons/LegalMind/performance'],
      ['Anonymize', '/neurons/LegalMind/anonymize'],
      ['Document insights', '/neurons/LegalMind/documentsInsights'],
      ['Plans', '/neurons/LegalMind/plans'],
      ['Token', '/neurons/LegalMind/token'],
    ]);
  });

  it('gives the Financial Viewer a tab back to its module, and no LegalMind pages', async () => {
    const { router } = renderLayout('/neurons/FinancialViewer/anonymize');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/overview');
    expect(await screen.findByRole('tab', { name: 'Financial Viewer' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer',
    );
    expect(screen.queryByRole('tab', { name: 'Anonymize' })).toBeNull();
  });

  it('gives a neuron without a public API only its plans and token', async () => {
    const { router } = renderLayout('/neurons/Other/overview');
    expect(await screen.findByRole('tab', { name: 'Plans' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/neurons/Other/plans');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Plans', 'Token']);
  });

  it('gives Nucleus the pages of its token API and a tab back to its own pages', async () => {
    const { router } = renderLayout('/neurons/Nucleus/integration');
    expect(await screen.findByRole('tab', { name: 'Nucleus' })).toHaveAttribute(
      'href',
      '/nucleus/synthesizers',
    );
    expect(router.state.location.pathname).toBe('/neurons/Nucleus/integration');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('Plans');
    expect(screen.getAllByRole('tab').length).toBeGreaterThan(3);
  });
});
