import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { accessResponse, signIn } from '../testing/nucleus-fixtures';
import { NucleusLayout } from './nucleus-layout';

function renderLayout(options: { subscribed: boolean; at: string }) {
  signIn();
  const spy = stubFetch({
    'GET /api/microservice/access/Nucleus': { body: accessResponse(options) },
  });
  return {
    spy,
    ...renderRoutes(
      [
        {
          path: '/nucleus',
          element: <NucleusLayout />,
          children: [
            { path: 'synthesizers', element: <p>Runs page</p> },
            { path: 'synthesizers/runs/:runId', element: <p>Run page</p> },
            { path: 'plans', element: <p>Plans page</p> },
          ],
        },
      ],
      options.at,
    ),
  };
}

describe('NucleusLayout', () => {
  it('shows the tabs and the page of a subscribed team, the run pages under Synthesizers', async () => {
    renderLayout({ subscribed: true, at: '/nucleus/synthesizers/runs/1' });
    expect(await screen.findByText('Run page')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nucleus', level: 1 })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Nucleus pages' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Synthesize', 'Synthesizers', 'Usage', 'API', 'Edge', 'Plans']);
    expect(within(tabs).getByRole('tab', { name: 'Synthesizers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('puts every page but the plans under the overlay for a team without a plan', async () => {
    const { user } = renderLayout({ subscribed: false, at: '/nucleus/synthesizers' });
    const overlay = await screen.findByRole('region', { name: 'Subscription needed' });
    expect(
      within(overlay).getByText(
        'You need a Nucleus plan to use this page. The free plan is enough to start.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Runs page')).not.toBeInTheDocument();
    await user.click(within(overlay).getByRole('link', { name: 'Go to plans' }));
    expect(await screen.findByText('Plans page')).toBeVisible();
  });

  it('reads the access again on the next tab, so a plan just taken opens the pages', async () => {
    signIn();
    let isSubscribed = false;
    stubFetch({
      'GET /api/microservice/access/Nucleus': () => ({
        body: accessResponse({ subscribed: isSubscribed }),
      }),
    });
    const { user } = renderRoutes(
      [
        {
          path: '/nucleus',
          element: <NucleusLayout />,
          children: [
            { path: 'synthesizers', element: <p>Runs page</p> },
            { path: 'plans', element: <p>Plans page</p> },
          ],
        },
      ],
      '/nucleus/plans',
    );
    expect(await screen.findByText('Plans page')).toBeVisible();
    isSubscribed = true;
    await user.click(screen.getByRole('tab', { name: 'Synthesizers' }));
    expect(await screen.findByText('Runs page')).toBeVisible();
  });
});
