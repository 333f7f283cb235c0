import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render';
import { signIn } from '../../testing/dataverse-fixtures';
import { buildInstance, buildMyDataset } from '../testing/axon-fixtures';
import { AddDataPage } from './add-data-page';

function renderAt(query: string) {
  return renderRoute({
    path: '/axon/add-data',
    element: <AddDataPage />,
    initialEntry: `/axon/add-data${query}`,
  });
}

describe('AddDataPage', { timeout: 30_000 }, () => {
  it('follows the profiling job, then confirms the reviewed version', async () => {
    signIn({ roles: [5] });
    const dataset = buildMyDataset();
    const profiling = buildInstance({
      datasetId: dataset.datasetId,
      status: 'PROFILING',
      progress: 40,
      fields: [],
    });
    const reviewed = {
      ...profiling,
      status: 'REVIEW' as const,
      progress: 100,
      fields: buildInstance().fields,
    };
    let asked = 0;
    let isConfirmed = false;
    const base = `/api/loader/dataset/${dataset.datasetId}/instance/${profiling.dsiId}`;
    const spy = stubFetch({
      [`GET /api/axon/datasets/${dataset.datasetId}`]: { body: dataset },
      [`GET ${base}`]: () => {
        asked += 1;
        if (isConfirmed) return { body: { ...reviewed, status: 'READY' } };
        return { body: asked === 1 ? profiling : reviewed };
      },
      [`POST ${base}/confirm`]: () => {
        isConfirmed = true;
        return { body: { ...reviewed, status: 'READY' } };
      },
    });
    const { user } = renderAt(`?datasetId=${dataset.datasetId}&dsiId=${profiling.dsiId}`);
    expect(await screen.findByText('40 % read')).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Profile of the columns' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        "Version 1 (customers.csv) is confirmed: it is the dataset's data now.",
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set the price and publish' })).toHaveAttribute(
      'href',
      '/dataverse/monetize',
    );
    expect(recordedCalls(spy).some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a refused confirm in the user’s words, not the server’s', async () => {
    signIn({ roles: [5] });
    const dataset = buildMyDataset();
    const instance = buildInstance({ datasetId: dataset.datasetId });
    const base = `/api/loader/dataset/${dataset.datasetId}/instance/${instance.dsiId}`;
    stubFetch({
      [`GET /api/axon/datasets/${dataset.datasetId}`]: { body: dataset },
      [`GET ${base}`]: { body: instance },
      [`POST ${base}/confirm`]: {
        status: 409,
        body: errorBody('CONFLICT', 'The version changed meanwhile.'),
      },
    });
    const { user } = renderAt(`?datasetId=${dataset.datasetId}&dsiId=${instance.dsiId}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/A version of this dataset is already being loaded/),
    ).toBeVisible();
    expect(screen.queryByText('The version changed meanwhile.')).toBeNull();
  });

  it('offers another file after a file that is not a table', async () => {
    signIn({ roles: [5] });
    const dataset = buildMyDataset();
    const failed = buildInstance({
      datasetId: dataset.datasetId,
      status: 'FAILED',
      failure: 'Row 3 has 2 cells',
    });
    stubFetch({
      [`GET /api/axon/datasets/${dataset.datasetId}`]: { body: dataset },
      [`GET /api/loader/dataset/${dataset.datasetId}/instance/${failed.dsiId}`]: { body: failed },
    });
    const { user, router } = renderAt(`?datasetId=${dataset.datasetId}&dsiId=${failed.dsiId}`);
    expect(await screen.findByText(/could not be read as a table/)).toBeVisible();
    expect(screen.queryByText('Row 3 has 2 cells')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload another file' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe(`?datasetId=${dataset.datasetId}`);
    });
    expect(await screen.findByRole('button', { name: 'Choose file' })).toBeVisible();
  });
});
