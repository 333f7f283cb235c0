import type { TDatasetCard, TMyDataset } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../../lib/auth';
import { queryClient } from '../../../../lib/query-client';
import { recordedCalls, stubFetch } from '../../../../test/fetch-stub';
import { buildUser } from '../../../../test/fixtures';
import { renderRoute } from '../../../../test/render';
import { buildCard, page } from '../../testing/dataverse-fixtures';
import { MyDataPage } from './my-data-page';

function myDataset(overrides: Partial<TMyDataset>): TMyDataset {
  return {
    datasetId: '11111111-1111-4111-8111-111111111111',
    dsiId: '22222222-2222-4222-8222-222222222222',
    datasetName: 'Customer spend',
    datasetDesc: 'Spend per customer.',
    status: 'READY',
    isPublished: false,
    familyId: null,
    familyName: null,
    version: 1,
    numberOfRows: 1500,
    priceModel: '0003',
    pricingBase: 100,
    pricingValue: 250,
    qualityScore: 98,
    views: 12,
    sales: 0,
    revenue: 0,
    lastUpdateDate: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function renderPage(items: TMyDataset[], others: TDatasetCard[] = []) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser());
  const spy = stubFetch({
    'GET /api/axon/datasets': { body: { items, total: items.length, page: 1, pageSize: 20 } },
    'PUT /api/loader/dataset/11111111-1111-4111-8111-111111111111/publish': { status: 204 },
    'GET /api/dataverse/datasets': { body: page(others) },
  });
  return { spy, ...renderRoute({ path: '/axon/my-data', element: <MyDataPage /> }) };
}

describe('MyDataPage', () => {
  it('lists other teams’ public datasets, each opening Axon’s page of it', async () => {
    const card = buildCard({ pricingValue: 50, pricingBase: 100 });
    const { spy } = renderPage([myDataset({})], [card]);
    const table = await screen.findByRole('table', { name: 'Datasets of other teams' });
    const row = within(table).getByRole('row', { name: /Palmer Archipelago penguins/ });
    expect(within(row).getByText('Palmer Station LTER')).toBeVisible();
    expect(within(row).getByText('0,50 € per 100 rows')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Palmer Archipelago penguins' })).toHaveAttribute(
      'href',
      `/axon/my-data/datasets/${card.datasetId}`,
    );
    const search = recordedCalls(spy).find((call) => call.path === '/api/dataverse/datasets');
    expect(search?.query.get('includeUserDatasets')).toBe('false');
  });

  it('says when no other team has published a dataset', async () => {
    renderPage([myDataset({})]);
    expect(await screen.findByText('No other team has published a dataset yet.')).toBeVisible();
  });

  it('lists the team’s datasets with status, version, rows and views, and publishes one', async () => {
    const draft = myDataset({
      datasetId: '33333333-3333-4333-8333-333333333333',
      dsiId: null,
      datasetName: 'Stores',
      status: 'DRAFT',
      version: null,
    });
    const { spy, user } = renderPage([myDataset({}), draft]);
    const table = await screen.findByRole('table', { name: 'My datasets' });
    const row = within(table).getByRole('row', { name: /Customer spend/ });
    expect(within(row).getByText('Ready')).toBeVisible();
    expect(within(row).getByText('1.500')).toBeVisible();
    expect(within(row).getByText('12')).toBeVisible();
    const draftRow = within(table).getByRole('row', { name: /Stores/ });
    expect(within(draftRow).getByText('Draft')).toBeVisible();
    expect(within(draftRow).queryByRole('button')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Publish Customer spend' }));

    const put = recordedCalls(spy).find((call) => call.method === 'PUT');
    expect(put?.json).toEqual({ isPublished: true });
  });

  it('says so when the team has no dataset', async () => {
    renderPage([]);
    expect(await screen.findByText('Your team has no datasets yet.')).toBeVisible();
  });
});
