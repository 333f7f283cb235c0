import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, stubFetch } from '../../../test/fetch-stub';
import { stubLayoutInEachTest } from '../../../test/layout-stub';
import { renderRoute } from '../../../test/render';
import { buildLimits, buildRun, buildUsage, runsPage, signIn } from '../testing/nucleus-fixtures';
import { UsagePage } from './usage-page';

function renderUsage(routes: Parameters<typeof stubFetch>[0] = {}) {
  signIn();
  stubFetch({
    'GET /api/sinteza/usage/statistics': { body: buildUsage() },
    'GET /api/sinteza/limits': { body: buildLimits() },
    'GET /api/sinteza/runs': {
      body: runsPage([buildRun({ fileName: 'adult.csv', createdAt: new Date().toISOString() })]),
    },
    ...routes,
  });
  return renderRoute({ path: '/nucleus/usage', element: <UsagePage /> });
}

describe('UsagePage', { timeout: 20_000 }, () => {
  stubLayoutInEachTest();

  it('shows this month’s runs, rows and jobs against the plan, the per-run limits, a chart and the latest runs', async () => {
    renderUsage();
    expect(await screen.findByRole('group', { name: 'Runs this month' })).toHaveTextContent(
      '3 of 10',
    );
    expect(screen.getByRole('group', { name: 'Rows this month' })).toHaveTextContent(
      '1.500 of 50.000',
    );
    expect(screen.getByRole('group', { name: 'Jobs working now' })).toHaveTextContent('1 of 1');
    expect(screen.getByText('Up to 10.000 rows and 20 columns per run.')).toBeVisible();
    expect(screen.getByText(/^Plan: Free\./)).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Rows generated per day this month' })).toBeVisible();
    const latest = screen.getByRole('region', { name: 'Latest runs' });
    expect(within(latest).getByRole('link', { name: 'adult.csv' })).toBeVisible();
  });

  it('says when the plan has no limit, in Spanish', async () => {
    await changeLanguage('es');
    renderUsage({
      'GET /api/sinteza/usage/statistics': {
        body: buildUsage({ runLimit: null, monthlyRowLimit: null }),
      },
    });
    expect(await screen.findByRole('group', { name: 'Ejecuciones este mes' })).toHaveTextContent(
      '3 (sin límite)',
    );
  });

  it('shows the overlay without a subscription and a translated error otherwise', async () => {
    renderUsage({
      'GET /api/sinteza/usage/statistics': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED', 'no subscription'),
      },
    });
    expect(await screen.findByRole('region', { name: 'Subscription needed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/nucleus/plans',
    );
  });
});
