import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { errorBody, stubFetch } from '../../../../test/fetch-stub';
import { renderRoutes } from '../../../../test/render';
import { buildEntry, buildField, signIn } from '../../testing/dataverse-fixtures';
import { PublicDatasetPage } from './public-dataset-page';

function renderPage(
  entry: ReturnType<typeof buildEntry>,
  reply?: { status: number; body: unknown },
) {
  signIn({ roles: [5] });
  stubFetch({ [`GET /api/dataset/${entry.dataset.datasetId}`]: reply ?? { body: entry } });
  return renderRoutes(
    [
      { path: '/axon/my-data/datasets/:datasetId', element: <PublicDatasetPage /> },
      { path: '/axon/my-data/my-datasets/:datasetId', element: <p>Own dataset page</p> },
    ],
    `/axon/my-data/datasets/${entry.dataset.datasetId}`,
  );
}

describe('PublicDatasetPage', { timeout: 30_000 }, () => {
  it('shows another team’s dataset as the catalogue does, without its sensitive values', async () => {
    const entry = buildEntry({
      pricingValue: 50,
      pricingBase: 100,
      sample: { headers: ['species', 'email'], body: [['Adelie', '']] },
      dataset: {
        fields: [
          buildField(),
          buildField({ dsfName: 'email', dsfIssensitive: true, dsfSensitive: 'email' }),
        ],
      },
    });
    const { user } = renderPage(entry);
    expect(
      await screen.findByRole('heading', { name: 'Palmer Archipelago penguins' }),
    ).toBeVisible();
    expect(screen.getByText('0,50 € per 100 rows')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my data' })).toHaveAttribute(
      'href',
      '/axon/my-data',
    );
    expect(screen.getByRole('link', { name: 'Open in the catalogue' })).toHaveAttribute(
      'href',
      `/dataverse/data-catalog/${entry.dataset.datasetId}`,
    );
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('table', { name: 'Preview of the dataset' });
    const row = within(preview).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Adelie');
    expect(within(row as HTMLElement).getByText('Hidden (sensitive)')).toBeVisible();
  });

  it('opens the team’s own dataset on its own Axon page', async () => {
    renderPage(buildEntry({ isOwn: true }));
    expect(await screen.findByText('Own dataset page')).toBeVisible();
  });

  it('is a translated not-found for a dataset the team may not see', async () => {
    await i18n.changeLanguage('es');
    try {
      renderPage(buildEntry(), {
        status: 404,
        body: errorBody('NOT_FOUND', 'There is no such dataset.'),
      });
      await waitFor(() => {
        expect(screen.getByRole('status')).toHaveTextContent(/no existe/i);
      });
      expect(screen.queryByText('There is no such dataset.')).toBeNull();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
