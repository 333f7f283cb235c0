import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordedCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { buildEntry, buildField, nextId, signIn } from '../../testing/dataverse-fixtures';
import { buildInstance, buildMyDataset } from '../testing/axon-fixtures';
import { MyDatasetPage } from './my-dataset-page';

/** A family of two datasets of the team: accounts, and transactions that refer to them. */
function family() {
  const accountsId = nextId();
  const transactionsId = nextId();
  const entry = buildEntry({
    isOwn: true,
    isPublished: false,
    dataset: { datasetId: transactionsId, datasetName: 'Transactions' },
    datasetFamily: {
      familyId: nextId(),
      familyName: 'Bank',
      familyDescription: 'Accounts and their transactions.',
      datasets: [
        {
          datasetId: transactionsId,
          datasetName: 'Transactions',
          fields: [buildField({ dsfName: 'account_id' }), buildField({ dsfName: 'amount' })],
          includeColumns: [],
          notIncludeColumns: [],
        },
        {
          datasetId: accountsId,
          datasetName: 'Accounts',
          fields: [buildField({ dsfName: 'id' })],
          includeColumns: [],
          notIncludeColumns: [],
        },
      ],
    },
  });
  return { entry, accountsId, transactionsId };
}

function renderPage(roles: number[]) {
  signIn({ roles });
  const { entry, accountsId, transactionsId } = family();
  const mine = buildMyDataset({
    datasetId: transactionsId,
    datasetName: 'Transactions',
    status: 'READY',
    dsiId: nextId(),
    version: 1,
    sales: 1,
    revenue: 750,
  });
  const inProgress = buildInstance({ datasetId: transactionsId, version: 2, status: 'REVIEW' });
  const spy = stubFetch({
    [`GET /api/axon/datasets/${transactionsId}`]: { body: mine },
    [`GET /api/dataset/${transactionsId}`]: { body: entry },
    [`GET /api/loader/dataset/${transactionsId}/instances`]: { body: [inProgress] },
    'GET /api/dataverse/sales': {
      body: [
        {
          purchaseId: nextId(),
          dsiId: mine.dsiId,
          datasetId: transactionsId,
          datasetName: 'Transactions',
          quantity: 250,
          datasetPrice: 750,
          paidAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    },
    'POST /api/loader/relations': { status: 204 },
  });
  const view = renderRoutes(
    [
      { path: '/axon/my-data/my-datasets/:datasetId', element: <MyDatasetPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    `/axon/my-data/my-datasets/${transactionsId}`,
  );
  return { ...view, spy, accountsId, transactionsId, inProgress };
}

describe('MyDatasetPage', { timeout: 30_000 }, () => {
  it('shows the versions, the sales and saves a relation to another dataset of the family', async () => {
    const { user, spy, accountsId, transactionsId, inProgress } = renderPage([5]);
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeVisible();
    const versions = await screen.findByRole('table', { name: 'Versions' });
    expect(within(versions).getByRole('link', { name: 'To review' })).toHaveAttribute(
      'href',
      `/axon/add-data?datasetId=${transactionsId}&dsiId=${inProgress.dsiId}`,
    );
    const sales = await screen.findByRole('table', { name: 'Sales' });
    expect(within(sales).getByText('2026-11-20')).toBeVisible();
    expect(within(sales).getByText(/7,50/)).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Column'), 'account_id');
    await user.selectOptions(screen.getByLabelText('Refers to dataset'), 'Accounts');
    await user.selectOptions(screen.getByLabelText('Its column'), 'id');
    await user.click(screen.getByRole('button', { name: 'Save relation' }));
    expect(await screen.findByText('The relation is saved.')).toBeVisible();
    const post = recordedCalls(spy).find((call) => call.path === '/api/loader/relations');
    expect(post?.json).toEqual({
      relations: [
        {
          datasetId: transactionsId,
          column: 'account_id',
          referencedDatasetId: accountsId,
          referencedColumn: 'id',
        },
      ],
    });
  });

  it('shows a guest no writing actions', async () => {
    renderPage([6]);
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save relation' })).toBeNull();
  });
});
