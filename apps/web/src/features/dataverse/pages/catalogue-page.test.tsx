import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { cardWidth } from '../components/dataset-card';
import { buildCard, buildDimensions, page, signIn } from '../testing/dataverse-fixtures';
import { CataloguePage } from './catalogue-page';

function LocationProbe() {
  return <p>Elsewhere</p>;
}

function renderCatalogue(options: {
  at?: string;
  datasets?: StubReply | ((query: URLSearchParams) => StubReply);
}) {
  signIn();
  const datasets = options.datasets ?? { body: page([buildCard()]) };
  const spy = stubFetch({
    'GET /api/dimensions/': { body: buildDimensions() },
    'GET /api/dataverse/vendors': {
      body: ['Acme, S.L.', 'Neuron Platform', 'Palmer Station LTER'],
    },
    'GET /api/dataverse/datasets': (call) =>
      typeof datasets === 'function' ? datasets(call.query) : datasets,
  });
  const view = renderRoutes(
    [
      { path: '/dataverse/data-catalog', element: <CataloguePage /> },
      { path: '/dataverse/data-catalog/filter', element: <CataloguePage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    options.at ?? '/dataverse/data-catalog',
  );
  const catalogueCalls = () =>
    recordedCalls(spy).filter((call) => call.path === '/api/dataverse/datasets');
  return { ...view, spy, catalogueCalls };
}

describe('CataloguePage', { timeout: 30_000 }, () => {
  it('shows two skeleton cards in the basic view while loading, then the datasets', async () => {
    const penguins = buildCard();
    renderCatalogue({
      datasets: { body: page([penguins, buildCard({ datasetName: 'Mauna Loa CO₂' })]) },
    });
    expect(screen.getAllByTestId('dataset-card-skeleton')).toHaveLength(2);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('dataset-card-skeleton')).not.toBeInTheDocument();
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Palmer Archipelago penguins' })).toBeVisible();
    expect(first.getByText('By Palmer Station LTER')).toBeVisible();
    expect(first.getByText('Free')).toBeVisible();
    expect(first.getByText('Rows: 344 · Columns: 7 · Quality: 98,5')).toBeVisible();
    expect(first.getByRole('link')).toHaveAttribute(
      'href',
      `/dataverse/data-catalog/${penguins.datasetId}`,
    );
    expect(screen.getByText('Datasets found: 2')).toBeVisible();
  });

  it('shows four skeleton cards in the compact view, and the help with its points', async () => {
    const { user } = renderCatalogue({ at: '/dataverse/data-catalog?view=compact' });
    expect(screen.getAllByTestId('dataset-card-skeleton')).toHaveLength(4);
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'How does the Data Catalog work?' }));
    expect(await screen.findByText(/Accents and small typos are forgiven/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Dataset' })).toHaveAttribute(
      'href',
      '/axon/add-data',
    );
  });

  it("says 'No data.' for an empty catalogue", async () => {
    renderCatalogue({ datasets: { body: page([]) } });
    expect(await screen.findByText('No data.')).toBeVisible();
  });

  it("says 'No results found' for a search that finds none", async () => {
    renderCatalogue({ at: '/dataverse/data-catalog?q=zebra', datasets: { body: page([]) } });
    expect(await screen.findByText('No results found')).toBeVisible();
  });

  it('searches 300 ms after the last key, once, and keeps the query in the address', async () => {
    const { user, router, catalogueCalls } = renderCatalogue({});
    await screen.findByRole('article');
    await user.type(screen.getByRole('searchbox', { name: 'Search datasets' }), 'pengiuns');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=pengiuns');
    });
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.get('q')).toBe('pengiuns');
    });
    const queries = catalogueCalls().map((call) => call.query.get('q'));
    expect(queries).toEqual([null, 'pengiuns']);
  });

  it('fills the search box from the address, and again after the back button', async () => {
    const { router } = renderCatalogue({ at: '/dataverse/data-catalog?q=co2' });
    const box = screen.getByRole('searchbox', { name: 'Search datasets' });
    expect(box).toHaveValue('co2');
    await router.navigate('/dataverse/data-catalog?q=penguins');
    await waitFor(() => {
      expect(box).toHaveValue('penguins');
    });
    await router.navigate(-1);
    await waitFor(() => {
      expect(box).toHaveValue('co2');
    });
  });

  it('opens the filter panel at /filter and filters by a facet and the switches, all in the address', async () => {
    const { user, router, catalogueCalls } = renderCatalogue({
      at: '/dataverse/data-catalog?q=bank',
    });
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dataverse/data-catalog/filter');
    });
    expect(router.state.location.search).toBe('?q=bank');
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.click(
      await within(panel).findByRole('checkbox', { name: 'Financial and insurance activities' }),
    );
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.get('industry')).toBe('K');
    });
    expect(router.state.location.search).toBe('?q=bank&industry=K');
    await user.click(within(panel).getByRole('switch', { name: 'Include datasets on sale' }));
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.get('includeOnSaleDatasets')).toBe('false');
    });
    await user.click(within(panel).getByRole('switch', { name: "Include my team's datasets" }));
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.get('includeUserDatasets')).toBe('false');
    });
    expect(catalogueCalls().at(-1)?.query.get('q')).toBe('bank');

    // Back: the switch and the facet come off again.
    await router.navigate(-1);
    await waitFor(() => {
      expect(
        within(panel).getByRole('switch', { name: "Include my team's datasets" }),
      ).toBeChecked();
    });
  });

  it('filters by vendor from the address and the Vendor facet, one parameter per name', async () => {
    const { user, router, catalogueCalls } = renderCatalogue({
      at: '/dataverse/data-catalog/filter?vendor=Neuron%20Platform',
    });
    const panel = await screen.findByRole('region', { name: 'Filters' });
    const vendors = await within(panel).findByRole('group', { name: 'Vendor' });
    expect(within(vendors).getByRole('checkbox', { name: 'Neuron Platform' })).toBeChecked();
    expect(within(vendors).getByRole('checkbox', { name: 'Acme, S.L.' })).not.toBeChecked();
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.getAll('vendor')).toEqual(['Neuron Platform']);
    });
    await user.click(within(vendors).getByRole('checkbox', { name: 'Acme, S.L.' }));
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.getAll('vendor')).toEqual([
        'Neuron Platform',
        'Acme, S.L.',
      ]);
    });
    expect(new URLSearchParams(router.state.location.search).getAll('vendor')).toEqual([
      'Neuron Platform',
      'Acme, S.L.',
    ]);
    await user.click(within(vendors).getByRole('checkbox', { name: 'Neuron Platform' }));
    await user.click(within(vendors).getByRole('checkbox', { name: 'Acme, S.L.' }));
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.has('vendor')).toBe(false);
    });
    expect(router.state.location.search).toBe('');
  });

  it('reads a vendor whose name holds a comma from a shared address as one name', async () => {
    const { catalogueCalls } = renderCatalogue({
      at: '/dataverse/data-catalog/filter?vendor=Acme%2C%20S.L.&vendor=Palmer%20Station%20LTER',
    });
    const vendors = await screen.findByRole('group', { name: 'Vendor' });
    expect(within(vendors).getByRole('checkbox', { name: 'Acme, S.L.' })).toBeChecked();
    expect(within(vendors).getByRole('checkbox', { name: 'Palmer Station LTER' })).toBeChecked();
    expect(within(vendors).getByRole('checkbox', { name: 'Neuron Platform' })).not.toBeChecked();
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.getAll('vendor')).toEqual([
        'Acme, S.L.',
        'Palmer Station LTER',
      ]);
    });
  });

  it('gives a facet list a search box only when it has several items, matching any case', async () => {
    const { user } = renderCatalogue({ at: '/dataverse/data-catalog/filter' });
    const panel = await screen.findByRole('region', { name: 'Filters' });
    const countries = await within(panel).findByRole('group', { name: 'Country' });
    const industries = within(panel).getByRole('group', { name: 'Industry' });
    expect(within(industries).queryByRole('searchbox')).not.toBeInTheDocument();
    const countrySearch = within(countries).getByRole('searchbox', { name: 'Search Country' });
    await user.type(countrySearch, 'AN');
    await waitFor(() => {
      expect(
        within(countries)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['France', 'Germany', 'Antarctica']);
    });
    await user.clear(countrySearch);
    await user.type(countrySearch, 'atlantis');
    expect(await within(countries).findByText('No results found')).toBeVisible();
  });

  it('switches to the compact view, in the address, and gives the cards the spec widths', async () => {
    const { user, router } = renderCatalogue({});
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Compact view' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?view=compact');
    });
    expect(screen.getByRole('button', { name: 'Compact view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(cardWidth('basic', false)).toEqual({ xs: '100%', md: '85%' });
    expect(cardWidth('basic', true)).toEqual({ xs: '100%', md: '100%' });
    expect(cardWidth('compact', false)).toEqual({ xs: '100%', sm: '47%' });
  });

  it('pages through the results', async () => {
    const cards = Array.from({ length: 20 }, (_, index) =>
      buildCard({ datasetName: `Set ${String(index)}` }),
    );
    const { user, router, catalogueCalls } = renderCatalogue({
      datasets: (query) => ({ body: page(cards, { total: 45, page: Number(query.get('page')) }) }),
    });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => {
      expect(catalogueCalls().at(-1)?.query.get('page')).toBe('3');
    });
    expect(router.state.location.search).toBe('?page=3');
  });

  it("shows a refused search in the user's language, not the server's", async () => {
    renderCatalogue({ datasets: { status: 400, body: errorBody('VALIDATION', 'Bad query') } });
    expect(
      await screen.findByText('The search is not valid: shorten it or remove a filter.'),
    ).toBeVisible();
    expect(screen.queryByText('Bad query')).not.toBeInTheDocument();
  });

  it('offers Retry when the catalogue cannot be reached', async () => {
    const { user, catalogueCalls } = renderCatalogue({ datasets: 'network-error' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(catalogueCalls().length).toBeGreaterThan(3);
    });
  });
});
