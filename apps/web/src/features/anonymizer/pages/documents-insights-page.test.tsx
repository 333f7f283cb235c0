import type { TDocumentInsightsResponse } from '@app/contracts/legal-mind';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { DocumentsInsightsPage } from './documents-insights-page';

function buildInsights(
  overrides: Partial<TDocumentInsightsResponse> = {},
): TDocumentInsightsResponse {
  return {
    period: 'month',
    from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    documents: 1250,
    characters: 2_345_678,
    findings: 5400,
    kinds: [
      { label: 'EMAIL', findings: 400, documents: 300 },
      { label: 'PERSON', findings: 3000, documents: 1200 },
      { label: 'LICENCE_PLATE', findings: 2, documents: 1 },
      { label: 'NEW_KIND', findings: 1, documents: 1 },
    ],
    days: [{ day: new Date().toISOString().slice(0, 10), documents: 1250, findings: 5400 }],
    ...overrides,
  };
}

class FixedSizeObserver {
  readonly #callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    const contentRect = { width: 1000, height: 600, top: 0, left: 0, bottom: 600, right: 1000 };
    this.#callback([{ target, contentRect } as unknown as ResizeObserverEntry], this);
  }
  unobserve() {
    // Nothing is watched.
  }
  disconnect() {
    // Nothing is watched.
  }
}

function renderInsights(routes: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/legal-mind/insights/month': { body: buildInsights() },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/:neuron/documentsInsights',
      element: <DocumentsInsightsPage />,
      initialEntry: '/neurons/LegalMind/documentsInsights',
    }),
  };
}

describe('DocumentsInsightsPage', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FixedSizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the figures, the kinds by name and says only counts are kept', async () => {
    renderInsights();
    expect(await screen.findByRole('group', { name: 'Documents' })).toHaveTextContent('1.250');
    expect(screen.getByRole('group', { name: 'Characters' })).toHaveTextContent('2.345.678');
    expect(screen.getByRole('group', { name: 'Findings' })).toHaveTextContent('5.400');
    expect(screen.getByText(/Only counts are kept/)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Findings by kind' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Documents per day' })).toBeInTheDocument();
    const kinds = screen.getByRole('region', { name: 'Findings by kind' });
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'People: 3.000 in 1.200 documents',
      'Email addresses: 400 in 300 documents',
      'Licence plates: 2 in 1 document',
      'NEW_KIND: 1 in 1 document',
    ]);
  });

  it('names the kinds in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderInsights();
    const kinds = await screen.findByRole('region', { name: 'Hallazgos por tipo' });
    expect(kinds).toHaveTextContent('Personas: 3.000 en 1.200 documentos');
    expect(kinds).toHaveTextContent('Matrículas: 2 en 1 documento');
    expect(screen.getByText(/Solo se guardan recuentos/)).toBeInTheDocument();
  });

  it('switches the period', async () => {
    const { user, spy } = renderInsights({
      'GET /api/legal-mind/insights/year': {
        body: buildInsights({ period: 'year', documents: 99999 }),
      },
    });
    await screen.findByRole('group', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'Year' }));
    await waitFor(() => {
      expect(screen.getByRole('group', { name: 'Documents' })).toHaveTextContent('99.999');
    });
    expect(recordedCalls(spy).map((call) => call.path)).toContain('/api/legal-mind/insights/year');
  });

  it('says no documents were anonymized yet', async () => {
    renderInsights({
      'GET /api/legal-mind/insights/month': {
        body: buildInsights({ documents: 0, characters: 0, findings: 0, kinds: [], days: [] }),
      },
    });
    expect(
      await screen.findByText('No documents anonymized in this period yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('tells a translated error, never the server sentence', async () => {
    renderInsights({
      'GET /api/legal-mind/insights/month': {
        status: 404,
        body: errorBody('NOT_FOUND', 'The team has no active subscription.'),
      },
    });
    expect(
      await screen.findByText('Your team has no active LegalMind subscription.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The team has no active subscription.')).toBeNull();
  });
});
