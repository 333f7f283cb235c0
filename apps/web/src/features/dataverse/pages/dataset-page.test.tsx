import type { TDatasetEntry } from '@app/contracts/dataverse';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { buildEntry, buildField, nextId, signIn } from '../testing/dataverse-fixtures';
import { DatasetPage } from './dataset-page';

/** The report call's answer once the version's report is built: its signed address. */
function readyReport(dsiId: string): StubReply {
  return {
    body: {
      dsiId,
      status: 'READY',
      url: '/api/dataverse/reports/signed',
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
  };
}

function renderDataset(options: {
  entry?: TDatasetEntry;
  reply?: StubReply;
  query?: string;
  roles?: number[];
  timeZone?: string;
}) {
  signIn({ roles: options.roles ?? [5], timeZone: options.timeZone ?? 'Europe/Madrid' });
  const entry = options.entry ?? buildEntry();
  const spy = stubFetch({
    [`GET /api/dataset/${entry.dataset.datasetId}`]: options.reply ?? { body: entry },
    [`DELETE /api/dataset/${entry.dataset.datasetId}`]: { status: 204 },
    ...(entry.datasetFamily
      ? { [`DELETE /api/dataset/family/${entry.datasetFamily.familyId}`]: { status: 204 } }
      : {}),
  });
  const view = renderRoutes(
    [
      { path: '/dataverse/data-catalog/:datasetId', element: <DatasetPage /> },
      { path: '*', element: <p>Catalogue</p> },
    ],
    `/dataverse/data-catalog/${entry.dataset.datasetId}${options.query ?? ''}`,
  );
  return { ...view, spy, entry };
}

function fact(label: string): string | null | undefined {
  const facts = screen.getByRole('definition', {
    name: (_, element) => element.previousElementSibling?.textContent === label,
  });
  return facts.textContent;
}

describe('DatasetPage', { timeout: 30_000 }, () => {
  it('prepares the report with the spec alert, polls, then downloads it', async () => {
    const entry = buildEntry();
    const dsiId = entry.dsiId ?? nextId();
    let asked = 0;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    signIn({ roles: [5] });
    stubFetch({
      [`GET /api/dataset/${entry.dataset.datasetId}`]: { body: entry },
      [`GET /api/dataset/${entry.dataset.datasetId}/report`]: () => {
        asked += 1;
        return asked < 2
          ? { status: 202, body: { dsiId, status: 'PREPARING', url: null, expiresAt: null } }
          : readyReport(dsiId);
      },
    });
    const { user } = renderRoutes(
      [{ path: '/dataverse/data-catalog/:datasetId', element: <DatasetPage /> }],
      `/dataverse/data-catalog/${entry.dataset.datasetId}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    expect(
      await screen.findByText(
        "We're working on getting your report download ready. Please come back in a bit!",
      ),
    ).toBeVisible();
    await waitFor(() => {
      expect(clicked).toEqual(['/api/dataverse/reports/signed']);
    });
    expect(asked).toBe(2);
    expect(
      screen.queryByText(/We're working on getting your report download ready/),
    ).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('shows the spec alert with Retry when the report address cannot be had, then downloads on Retry', async () => {
    const entry = buildEntry();
    const dsiId = entry.dsiId ?? nextId();
    let isDown = true;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    signIn({ roles: [5] });
    stubFetch({
      [`GET /api/dataset/${entry.dataset.datasetId}`]: { body: entry },
      [`GET /api/dataset/${entry.dataset.datasetId}/report`]: () =>
        isDown
          ? { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Storage is down') }
          : readyReport(dsiId),
    });
    const { user } = renderRoutes(
      [{ path: '/dataverse/data-catalog/:datasetId', element: <DatasetPage /> }],
      `/dataverse/data-catalog/${entry.dataset.datasetId}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    // Asked three times (two retries of a 5xx), then the alert offers Retry.
    const retry = await screen.findByRole('button', { name: 'Retry' });
    const alert = retry.closest('[role="status"]');
    expect(alert).toHaveTextContent(
      "We're working on getting your report download ready. Please come back in a bit!",
    );
    expect(screen.queryByText('Storage is down')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeEnabled();
    expect(clicked).toEqual([]);
    isDown = false;
    await user.click(retry);
    await waitFor(() => {
      expect(clicked).toEqual(['/api/dataverse/reports/signed']);
    });
    expect(
      screen.queryByText(/We're working on getting your report download ready/),
    ).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('shows every field of the dataset entry, dates in the user zone and the disk size', async () => {
    renderDataset({ timeZone: 'Europe/Madrid' });
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute(
      'href',
      '/dataverse/data-catalog',
    );
    expect(
      await screen.findByRole('heading', { name: 'Palmer Archipelago penguins', level: 2 }),
    ).toBeVisible();
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.getByText('Size measurements of three penguin species.')).toBeVisible();
    expect(screen.getByText('Species, island, bill and flipper sizes, body mass.')).toBeVisible();
    expect(screen.getByText('Teaching classification.')).toBeVisible();
    expect(screen.getByText('Education')).toBeVisible();
    expect(fact('Rows')).toBe('344');
    expect(fact('Columns')).toBe('2');
    expect(fact('Disk size')).toBe('13,5 KB');
    // 23:30 UTC on 1 March is already 2 March in Madrid.
    expect(fact('Created')).toBe('2026-03-02');
    expect(fact('Last updated')).toBe('2026-03-02');
    expect(fact('Country')).toBe('Antarctica');
    expect(fact('Industry')).toBe('Professional, scientific and technical activities');
    expect(fact('Provider')).toBe('Palmer Station LTER');
    expect(fact('Contributors')).toBe('Allison Horst');
    expect(fact('Nature')).toBe('Real');
    expect(fact('Frequency')).toBe('Once');
    expect(fact('History')).toBe('Collected 2007–2009.');
    // The versions a buyer can tell apart, newest first.
    expect(fact('Versions')).toBe('Version 1 · 2026-01-02 · 344 rows');
    expect(screen.getByRole('link', { name: 'CC0 1.0 Universal' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/publicdomain/zero/1.0/',
    );
    expect(screen.getByRole('link', { name: 'palmerpenguins' })).toHaveAttribute(
      'href',
      'https://allisonhorst.github.io/palmerpenguins/',
    );
    const quality = screen.getByRole('region', { name: 'Quality score' });
    expect(quality).toHaveTextContent('98,5');
    expect(quality).toHaveTextContent('Completeness: filled cells times unique rows.');
    expect(screen.getByRole('region', { name: 'Utility score' })).toHaveTextContent(
      'Real data: no utility score.',
    );
  });

  it('shows the dates of another zone as that zone has them', async () => {
    renderDataset({ timeZone: 'America/New_York' });
    await screen.findByRole('heading', { name: 'Palmer Archipelago penguins', level: 2 });
    expect(fact('Created')).toBe('2026-03-01');
  });

  it('lists the columns, then the preview rows on the Preview tab; no Model tab for real data', async () => {
    const { user } = renderDataset({});
    const columns = await screen.findByRole('table', { name: 'Columns' });
    const island = within(columns).getByRole('row', { name: /^island/ });
    expect(
      within(island)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['categorical', '3', '2', 'Yes', 'No']);
    expect(screen.queryByRole('tab', { name: 'Model' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Preview of the dataset' });
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(within(preview).getByText('Gentoo')).toBeVisible();
  });

  it('names the kind of personal data a sensitive column holds in the user’s language', async () => {
    const entry = buildEntry({
      dataset: {
        fields: [
          buildField({ dsfName: 'owner', dsfIssensitive: true, dsfSensitive: 'name' }),
          buildField({ dsfName: 'dni', dsfIssensitive: true, dsfSensitive: 'national-id' }),
        ],
      },
    });
    await i18n.changeLanguage('es');
    try {
      renderDataset({ entry });
      const columns = await screen.findByRole('table', { name: 'Columnas' });
      expect(within(columns).getByRole('row', { name: /^owner/ })).toHaveTextContent(
        'Sí (Nombre de persona)',
      );
      expect(within(columns).getByRole('row', { name: /^dni/ })).toHaveTextContent('Sí (DNI/NIE)');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('shows the disabled Model tab for a synthetic dataset (nature 002)', async () => {
    const entry = buildEntry({
      dataset: {
        metadata: [
          {
            dimensionCode: '05',
            domel: { domelId: nextId(), domelCode: '002', domelDesc: 'Synthetic' },
          },
        ],
      },
    });
    renderDataset({ entry });
    expect(await screen.findByRole('tab', { name: 'Model' })).toBeDisabled();
    expect(screen.getAllByText('Synthetic').length).toBeGreaterThan(0);
  });

  it("shows a priced dataset's price with '/row', and disk sizes in MB and GB", async () => {
    renderDataset({
      entry: buildEntry({ pricingValue: 5, pricingBase: 1, diskSize: 998_999_999 }),
    });
    expect(await screen.findByText('0,05 €/row')).toBeVisible();
    expect(fact('Disk size')).toBe('999,0 MB');

    const { formatDiskSize } = await import('../utils/dataset-format');
    expect(formatDiskSize(998_999)).toBe('999,0 KB');
    expect(formatDiskSize(999_000)).toBe('1,0 MB');
    expect(formatDiskSize(999_000_000)).toBe('1,0 GB');
    expect(formatDiskSize(2_345_678_901)).toBe('2,3 GB');
  });

  it("shows a family's datasets with their included columns, without the Preview tab", async () => {
    const accountsId = nextId();
    const familyId = nextId();
    const entry = buildEntry({
      dataset: { datasetId: accountsId, datasetName: 'Synthetic bank accounts (Berka)' },
      datasetFamily: {
        familyId,
        familyName: 'Synthetic Czech retail bank (Berka)',
        familyDescription: 'Accounts and their transactions, keys kept.',
        datasets: [
          {
            datasetId: accountsId,
            datasetName: 'Synthetic bank accounts (Berka)',
            fields: [buildField({ dsfName: 'account_id' })],
            includeColumns: ['account_id', 'district_id'],
            notIncludeColumns: [],
          },
          {
            datasetId: nextId(),
            datasetName: 'Synthetic bank transactions (Berka)',
            fields: [buildField({ dsfName: 'trans_id' })],
            includeColumns: ['trans_id', 'account_id'],
            notIncludeColumns: ['bank'],
          },
        ],
      },
    });
    renderDataset({ entry, query: '?isFamily=true' });
    expect(
      await screen.findByRole('heading', { name: 'Synthetic Czech retail bank (Berka)', level: 2 }),
    ).toBeVisible();
    const family = screen.getByRole('region', {
      name: 'Family: Synthetic Czech retail bank (Berka)',
    });
    const transactions = within(family).getByRole('article', {
      name: 'Synthetic bank transactions (Berka)',
    });
    expect(within(transactions).getByText('Included columns (2)')).toBeVisible();
    expect(within(transactions).getByText('trans_id')).toBeVisible();
    expect(within(transactions).getByText('Not included: bank')).toBeVisible();
    expect(within(transactions).getByRole('link')).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Preview' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Synthetic bank transactions (Berka)' }),
    ).toBeVisible();
  });

  it('leads from a dataset of a family to the family view', async () => {
    const familyId = nextId();
    const entry = buildEntry({
      datasetFamily: { familyId, familyName: 'Berka', familyDescription: '', datasets: [] },
    });
    renderDataset({ entry });
    expect(await screen.findByText('This dataset belongs to the family Berka.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the family' })).toHaveAttribute(
      'href',
      `/dataverse/data-catalog/${entry.dataset.datasetId}?isFamily=true`,
    );
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeVisible();
  });

  it("deletes the team's own dataset after a confirmation, then returns to the catalogue", async () => {
    const { user, spy, router, entry } = renderDataset({ entry: buildEntry({ isOwn: true }) });
    await user.click(await screen.findByRole('button', { name: 'Delete dataset' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete dataset' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(recordedCalls(spy).some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete dataset' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete dataset' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Catalogue')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dataverse/data-catalog');
    expect(
      recordedCalls(spy)
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path),
    ).toEqual([`/api/dataset/${entry.dataset.datasetId}`]);
  });

  it('deletes the family with its datasets from the family view after a confirmation', async () => {
    const datasetId = nextId();
    const familyId = nextId();
    const member = (id: string, name: string) => ({
      datasetId: id,
      datasetName: name,
      fields: [buildField({ dsfName: 'account_id' })],
      includeColumns: ['account_id'],
      notIncludeColumns: [],
    });
    const entry = buildEntry({
      isOwn: true,
      dataset: { datasetId, datasetName: 'Bank accounts' },
      datasetFamily: {
        familyId,
        familyName: 'Retail bank',
        familyDescription: 'Accounts and their transactions.',
        datasets: [member(datasetId, 'Bank accounts'), member(nextId(), 'Bank transactions')],
      },
    });
    const { user, spy, router } = renderDataset({ entry, query: '?isFamily=true' });
    await user.click(await screen.findByRole('button', { name: 'Delete family' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete family' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the family Retail bank and its datasets (2)?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Catalogue')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dataverse/data-catalog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      recordedCalls(spy)
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path),
    ).toEqual([`/api/dataset/family/${familyId}`]);
  });

  it('offers no delete to a guest, nor on a dataset of another team', async () => {
    renderDataset({ entry: buildEntry({ isOwn: true }), roles: [6] });
    await screen.findByRole('heading', { name: 'Palmer Archipelago penguins', level: 2 });
    expect(screen.queryByRole('button', { name: 'Delete dataset' })).not.toBeInTheDocument();
  });

  it('offers no delete on a dataset of another team', async () => {
    renderDataset({ entry: buildEntry({ isOwn: false }), roles: [5] });
    await screen.findByRole('heading', { name: 'Palmer Archipelago penguins', level: 2 });
    expect(screen.queryByRole('button', { name: 'Delete dataset' })).not.toBeInTheDocument();
  });

  it('shows a not-found state in the user language for a dataset that is not there', async () => {
    await i18n.changeLanguage('es');
    renderDataset({
      reply: { status: 404, body: errorBody('NOT_FOUND', 'There is no such dataset.') },
    });
    expect(
      await screen.findByText('Este dataset no existe o no está disponible para tu equipo.'),
    ).toBeVisible();
    expect(screen.queryByText('There is no such dataset.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al catálogo' })).toBeVisible();
  });

  it('shows a server failure by its code, with Retry', async () => {
    renderDataset({ reply: { status: 429, body: errorBody('RATE_LIMITED', 'Slow down') } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.queryByText('Slow down')).not.toBeInTheDocument();
  });
});
