import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { errorBody, recordedCalls, type stubFetch } from '../../../test/fetch-stub';
import {
  ACCOUNT_ID,
  ACCOUNTS,
  buildCashflow,
  buildForecast,
} from '../components/analysis/analysis-fixtures';
import '../i18n/register';
import { renderViewerPage, text, type Routes } from '../testing/render-page';
import { stubLayoutInEachTest } from '../../../test/layout-stub';
import { CashflowPage } from './cashflow-page';

function renderPage(routes: Routes = {}) {
  return renderViewerPage({
    path: '/cashflow',
    element: <CashflowPage />,
    routes: {
      'GET /api/financialviewer/account': { body: ACCOUNTS },
      'POST /api/financialviewer/cashflow': { body: { accounts: 2 } },
      'GET /api/financialviewer/cashflow': { body: buildCashflow() },
      'GET /api/financialviewer/cashflow/forecast': { body: buildForecast() },
      ...routes,
    },
  });
}

function forecastCalls(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter((c) => c.path === '/api/financialviewer/cashflow/forecast');
}

async function openForecast(user: ReturnType<typeof renderPage>['user']) {
  const tab = screen.getByRole('tab', { name: 'Forecast' });
  await waitFor(() => {
    expect(tab).toBeEnabled();
  });
  await user.click(tab);
}

stubLayoutInEachTest(600, 300);

// The data grids and the charts make these page tests slow on a busy machine.
describe('CashflowPage', () => {
  it('recomputes the cashflow once, then reads it, and shows weekly and daily data', async () => {
    const { spy } = renderPage();
    // Before the cashflow has loaded, the forecast cannot be opened.
    expect(screen.getByRole('tab', { name: 'Forecast' })).toBeDisabled();
    expect(screen.getByText('Updating the cashflow…')).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'Daily cashflow' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(text(rows[0]!)).toContain('24-11-2026');
    expect(text(rows[0]!)).toContain('20,00 €');
    expect(text(rows[0]!)).toContain('10,00 €');
    expect(text(rows[0]!)).toContain('1.100,00 €');
    expect(text(rows[9]!)).toContain('15-11-2026');
    expect(
      screen.getByRole('figure', { name: 'Weekly income, expense and balance (last 6 months)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Daily balance (last 6 months)' })).toBeVisible();
    expect(
      screen.getByRole('figure', { name: 'Income vs expense by day (last 6 months)' }),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Forecast' })).toBeEnabled();

    const calls = recordedCalls(spy).filter((c) => c.path === '/api/financialviewer/cashflow');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'GET']);
    const query = calls[1]!.query;
    expect(query.get('groupAll')).toBe('true');
    expect(query.get('accountIds')).toBeNull();
    expect(
      Number(query.get('dateTo')!.slice(0, 4)) - Number(query.get('dateFrom')!.slice(0, 4)),
    ).toBe(2);
  });

  it('asks for the accounts of the chosen company', async () => {
    const { user, spy } = renderPage();
    await screen.findByRole('grid', { name: 'Daily cashflow' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Acme');
    await waitFor(() => {
      const gets = recordedCalls(spy).filter(
        (c) => c.method === 'GET' && c.path === '/api/financialviewer/cashflow',
      );
      expect(gets.at(-1)!.query.get('accountIds')).toBe(ACCOUNT_ID);
    });
  });

  it('shows no data and keeps the forecast closed when the cashflow fails', async () => {
    renderPage({
      'GET /api/financialviewer/cashflow': { status: 404, body: errorBody('NOT_FOUND') },
    });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Forecast' })).toBeDisabled();
  });

  it('still reads the cashflow when the recomputation fails', async () => {
    renderPage({
      'POST /api/financialviewer/cashflow': { status: 422, body: errorBody('BUSINESS_RULE') },
    });
    expect(await screen.findByRole('grid', { name: 'Daily cashflow' })).toBeInTheDocument();
  });

  it('forecasts 90 days, then the horizon chosen on the slider', async () => {
    const { user, spy } = renderPage();
    await openForecast(user);
    expect(await screen.findByRole('figure', { name: 'Balance forecast' })).toBeInTheDocument();
    // Spec §2: history against estimation, for the balance and for income and expense.
    expect(
      screen.getByRole('figure', { name: 'Balance: history vs estimation' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: 'Income and expense: history vs estimation' }),
    ).toBeInTheDocument();
    expect(forecastCalls(spy)[0]!.query.get('amountToPredict')).toBe('90');
    expect(forecastCalls(spy)[0]!.query.get('groupAll')).toBe('true');
    expect(forecastCalls(spy)[0]!.query.get('threshold')).toBe('0');

    const slider = screen.getByRole('slider', { name: 'Forecast horizon' });
    expect(slider).toHaveAttribute('aria-valuetext', '90 days');
    for (const label of ['30 days', '60 days', '90 days', '6 months', '1 year']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    fireEvent.change(slider, { target: { value: 3 } });
    await waitFor(() => {
      expect(forecastCalls(spy).at(-1)!.query.get('amountToPredict')).toBe('180');
    });
    expect(screen.getByRole('slider', { name: 'Forecast horizon' })).toHaveAttribute(
      'aria-valuetext',
      '6 months',
    );
    fireEvent.change(slider, { target: { value: 4 } });
    await waitFor(() => {
      expect(forecastCalls(spy).at(-1)!.query.get('amountToPredict')).toBe('365');
    });
  });

  it('says the forecast is updating while it is computed', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, spy } = renderPage();
    const answer = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      if (typeof input === 'string' && input.includes('/forecast')) await gate;
      return answer(input, init);
    });
    await openForecast(user);
    expect(await screen.findByText('Updating the forecast…')).toBeInTheDocument();
    release();
    await screen.findByRole('figure', { name: 'Balance forecast' });
    expect(screen.queryByText('Updating the forecast…')).toBeNull();
  });

  it('lists the forecast by day and says there is no data when it is empty', async () => {
    const { user } = renderPage({
      'GET /api/financialviewer/cashflow/forecast': (call) => ({
        body:
          call.query.get('amountToPredict') === '90'
            ? buildForecast()
            : buildForecast({ rows: [], horizon: 30 }),
      }),
    });
    await openForecast(user);
    const grid = await screen.findByRole('grid', { name: 'Forecast by day' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(text(rows[0]!)).toContain('25-11-2026');
    expect(text(rows[0]!)).toContain('1.050,00 €');
    expect(text(rows[0]!)).toContain('10,00 € – 90,00 €');

    fireEvent.change(screen.getByRole('slider', { name: 'Forecast horizon' }), {
      target: { value: 0 },
    });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Forecast by day' })).toBeNull();
  });

  it('warns of the first day below the threshold typed in euros', async () => {
    const { user, spy } = renderPage({
      'GET /api/financialviewer/cashflow/forecast': (call) => {
        const threshold = Number(call.query.get('threshold'));
        return {
          body: buildForecast({
            threshold,
            belowThreshold: threshold > 0 ? { date: '2026-12-15', balance: 49_000 } : null,
          }),
        };
      },
    });
    await openForecast(user);
    expect(
      await screen.findByText(
        /Your balance is expected to stay above 0,00\s€ over the forecast horizon \(30 days\)/,
      ),
    ).toBeInTheDocument();

    const field = screen.getByRole('spinbutton', { name: 'Warn me below' });
    expect(field).toHaveAttribute('step', '0.01');
    await user.clear(field);
    await user.type(field, '500.5');
    expect(
      await screen.findByText(/Your balance is expected to fall below 500,50\s€ on 15-12-2026/),
    ).toBeInTheDocument();
    expect(forecastCalls(spy).at(-1)!.query.get('threshold')).toBe('50050');
  });

  it('lists the recurring payments found', async () => {
    const { user } = renderPage({
      'GET /api/financialviewer/cashflow/forecast': {
        body: buildForecast({
          recurring: [
            {
              cadence: 'monthly',
              amount: -4_999,
              nextDate: '2026-12-01',
              lastDate: '2026-11-01',
              occurrences: 6,
              description: 'Netflix',
            },
            {
              cadence: 'biweekly',
              amount: 150_000,
              nextDate: '2026-11-28',
              lastDate: '2026-11-14',
              occurrences: 8,
              description: 'Cliente Acme',
            },
          ],
        }),
      },
    });
    await openForecast(user);
    const list = await screen.findByRole('region', { name: 'Recurring payments found' });
    expect(list).toHaveTextContent('Transfers between the selected accounts are left out.');
    const items = within(list).getAllByRole('listitem');
    expect(text(items[0]!)).toContain('Cliente Acme');
    expect(text(items[0]!)).toContain('Every two weeks · next on 28-11-2026');
    expect(text(items[0]!)).toContain('1.500,00 €');
    expect(text(items[1]!)).toContain('Netflix');
    expect(text(items[1]!)).toContain('Monthly · next on 01-12-2026');
    expect(text(items[1]!)).toContain('-49,99 €');
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    const { user } = renderPage();
    await screen.findByRole('grid', { name: 'Flujo de caja diario' });
    await user.click(screen.getByRole('tab', { name: 'Previsión' }));
    expect(await screen.findByText('6 meses')).toBeInTheDocument();
    expect(
      await screen.findByText(/Se prevé que tu saldo se mantenga por encima de 0,00\s€/),
    ).toBeInTheDocument();
  });
});
