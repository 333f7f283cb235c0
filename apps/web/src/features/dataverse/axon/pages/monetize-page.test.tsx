import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render';
import { signIn } from '../../testing/dataverse-fixtures';
import { buildMyDataset } from '../testing/axon-fixtures';
import { MonetizePage } from './monetize-page';

function renderPage(routes: Parameters<typeof stubFetch>[0]) {
  signIn({ roles: [5] });
  const spy = stubFetch(routes);
  return { spy, ...renderRoute({ path: '/dataverse/monetize', element: <MonetizePage /> }) };
}

describe('MonetizePage', { timeout: 30_000 }, () => {
  it('sets a per-row price in euro and publishes a confirmed dataset', async () => {
    const dataset = buildMyDataset({
      dsiId: '22222222-2222-4222-8222-222222222222',
      status: 'READY',
      version: 1,
    });
    const { spy, user } = renderPage({
      'GET /api/axon/datasets': { body: { items: [dataset], total: 1, page: 1, pageSize: 20 } },
      [`PUT /api/loader/dataset/${dataset.datasetId}/price`]: { status: 204 },
      [`PUT /api/loader/dataset/${dataset.datasetId}/publish`]: { status: 204 },
    });
    const card = await screen.findByRole('region', { name: 'Customer spend' });
    await user.selectOptions(within(card).getByLabelText('Price model'), 'Per row');
    await user.type(within(card).getByLabelText('Price (€)'), '1,20');
    await user.click(within(card).getByRole('button', { name: 'Save price' }));
    expect(await within(card).findByText('Price saved.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Publish' }));

    const puts = recordedCalls(spy).filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.json)).toEqual([
      { priceModel: '0003', pricingBase: 100, pricingValue: 120 },
      { isPublished: true },
    ]);
  });

  it('offers no publishing without a confirmed version, and translates a refusal', async () => {
    const draft = buildMyDataset();
    const { user } = renderPage({
      'GET /api/axon/datasets': { body: { items: [draft], total: 1, page: 1, pageSize: 20 } },
      [`PUT /api/loader/dataset/${draft.datasetId}/price`]: {
        status: 404,
        body: errorBody('NOT_FOUND', 'There is no such dataset.'),
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer spend' });
    expect(within(card).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(card).getByText('Confirm a version of its data to publish it.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Save price' }));
    expect(
      await within(card).findByText(
        "This dataset or version does not exist, or it is not your team's.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('There is no such dataset.')).toBeNull();
  });
});
