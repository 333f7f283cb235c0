import type { TDatasetEntry, TPurchaseResponse } from '@app/contracts/dataverse';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../test/fetch-stub';
import { buildBillingInfo, buildPaymentMethod } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { useLocation } from 'react-router';
import { DatasetPage } from '../pages/dataset-page';
import { buildEntry, buildPurchase, signIn } from '../testing/dataverse-fixtures';

/** 0,50 € for every started 100 rows of a 5,000-row dataset. */
function pricedEntry(overrides: Partial<TDatasetEntry> = {}) {
  return buildEntry({ pricingValue: 50, pricingBase: 100, numberOfRows: 5000, ...overrides });
}

function ChallengeStub() {
  const location = useLocation();
  return <p>Challenge {`${location.pathname}${location.search}`}</p>;
}

function renderBuying(options: {
  entry?: TDatasetEntry;
  purchase?: StubReply | (() => StubReply);
  promotion?: StubReply;
}) {
  signIn({ roles: [5] });
  const entry = options.entry ?? pricedEntry();
  const spy = stubFetch({
    [`GET /api/dataset/${entry.dataset.datasetId}`]: { body: entry },
    'GET /api/payments/config': { body: { gateway: 'sandbox', publishableKey: null, vatRate: 21 } },
    'GET /api/payments/payment_methods': { body: [buildPaymentMethod({ id: 'pm_card' })] },
    'GET /api/user/billing': { body: buildBillingInfo() },
    'POST /api/user/promotion_codes/SPRING10': options.promotion ?? {
      body: { id: 'promo_1', code: 'SPRING10', coupon: { amountOff: null, percentOff: 10 } },
    },
    'POST /api/user/promotion_codes/NOPE': {
      status: 404,
      body: errorBody('NOT_FOUND', 'Invalid code', undefined, 'PROMOTION_CODE_INVALID'),
    },
    'POST /api/dataverse/purchase/': options.purchase ?? { body: {} },
  });
  const view = renderRoutes(
    [
      { path: '/dataverse/data-catalog/:datasetId', element: <DatasetPage /> },
      { path: '/dataverse/purchase/:purchaseId', element: <p>Purchase page</p> },
      { path: '/sandbox/challenge/:intentId', element: <ChallengeStub /> },
    ],
    `/dataverse/data-catalog/${entry.dataset.datasetId}`,
  );
  return { ...view, spy, entry };
}

async function openDrawer(user: ReturnType<typeof renderBuying>['user']) {
  await user.click(await screen.findByRole('button', { name: 'BUY DATA' }));
  return screen.findByRole('dialog', { name: 'Buy data' });
}

/** The drawer's 100 rows, then PROCEED TO PAYMENT once the dialog has its totals. */
async function buyDefaultRows(user: ReturnType<typeof renderBuying>['user']) {
  const drawer = await openDrawer(user);
  await user.click(within(drawer).getByRole('button', { name: 'BUY' }));
  const payment = await screen.findByRole('dialog', { name: 'Payment process' });
  const proceed = within(payment).getByRole('button', { name: 'PROCEED TO PAYMENT' });
  await waitFor(() => {
    expect(proceed).toBeEnabled();
  });
  await user.click(proceed);
}

function paidResponse(overrides: Parameters<typeof buildPurchase>[0] = {}): TPurchaseResponse {
  return { purchase: buildPurchase(overrides), clientSecret: null, paymentStatus: 'succeeded' };
}

describe('BUY DATA drawer', { timeout: 30_000 }, () => {
  it('is offered only for another team’s dataset that has a price', async () => {
    renderBuying({ entry: buildEntry({ pricingValue: 0 }) });
    expect(await screen.findByRole('button', { name: 'Report' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'BUY DATA' })).toBeNull();
  });

  it('is not offered for the team’s own dataset', async () => {
    renderBuying({ entry: pricedEntry({ isOwn: true }) });
    expect(await screen.findByRole('button', { name: 'Report' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'BUY DATA' })).toBeNull();
  });

  it('starts at 100 rows and prices every started block of rows', async () => {
    const { user } = renderBuying({});
    const drawer = await openDrawer(user);
    const rows = within(drawer).getByRole('textbox', { name: 'Number of rows' });
    expect(rows).toHaveValue('100');
    expect(within(drawer).getByText('0,50 € per 100 rows')).toBeVisible();
    expect(within(drawer).getByTestId('buy-price')).toHaveTextContent('0,50 €');
    await user.clear(rows);
    await user.type(rows, '101');
    expect(within(drawer).getByTestId('buy-price')).toHaveTextContent('1,00 €');
    await user.clear(rows);
    await user.type(rows, '1000');
    expect(within(drawer).getByTestId('buy-price')).toHaveTextContent('5,00 €');
  });

  it('refuses a row count that is not a whole number from 1 to the dataset’s rows', async () => {
    const { user } = renderBuying({});
    const drawer = await openDrawer(user);
    const rows = within(drawer).getByRole('textbox', { name: 'Number of rows' });
    const buy = within(drawer).getByRole('button', { name: 'BUY' });
    for (const text of ['0', '1.5', 'ten', '']) {
      await user.clear(rows);
      if (text !== '') await user.type(rows, text);
      expect(within(drawer).getByText('Enter a whole number of rows, at least 1.')).toBeVisible();
      expect(buy).toBeDisabled();
    }
    await user.clear(rows);
    await user.type(rows, '5001');
    expect(within(drawer).getByText('This dataset has 5.000 rows.')).toBeVisible();
    expect(buy).toBeDisabled();
    await user.clear(rows);
    await user.type(rows, '5000');
    expect(buy).toBeEnabled();
  });

  it('translates an unusable promotion code and checks it as a one-time sale', async () => {
    await i18n.changeLanguage('es');
    try {
      const { user, spy } = renderBuying({});
      await user.click(await screen.findByRole('button', { name: 'COMPRAR DATOS' }));
      const drawer = await screen.findByRole('dialog', { name: 'Comprar datos' });
      await user.type(within(drawer).getByLabelText('Código de cupón'), 'NOPE');
      await user.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
      expect(await within(drawer).findByText('Código no válido')).toBeVisible();
      expect(screen.queryByText('Invalid code')).toBeNull();
      const check = recordedCalls(spy).find((call) => call.path.includes('promotion_codes'));
      expect(check?.json).toEqual({ priceId: 'one-time' });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('buys the rows with the code by card, charging once for a double press, then opens the purchase', async () => {
    const { user, spy, entry } = renderBuying({ purchase: { body: paidResponse() } });
    const drawer = await openDrawer(user);
    const rows = within(drawer).getByRole('textbox', { name: 'Number of rows' });
    await user.clear(rows);
    await user.type(rows, '1000');
    await user.type(within(drawer).getByLabelText('Coupon code'), 'SPRING10');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    expect(await within(drawer).findByText('Discount applied: 10 %')).toBeVisible();
    await user.click(within(drawer).getByRole('button', { name: 'BUY' }));

    const payment = await screen.findByRole('dialog', { name: 'Payment process' });
    const totals = within(payment).getByRole('group', { name: 'Totals' });
    await waitFor(() => {
      expect(within(totals).getByTestId('total-Subtotal')).toHaveTextContent('5,00 €');
    });
    expect(within(totals).getByTestId('total-Discount')).toHaveTextContent('0,50 €');
    expect(within(totals).getByTestId('total-VAT 21 %')).toHaveTextContent('0,95 €');
    expect(within(totals).getByTestId('total-Total')).toHaveTextContent('5,45 €');
    const proceed = within(payment).getByRole('button', { name: 'PROCEED TO PAYMENT' });
    await user.dblClick(proceed);

    expect(await screen.findByText('Your payment was successful!')).toBeVisible();
    const purchases = recordedCalls(spy).filter((call) => call.path === '/api/dataverse/purchase/');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.json).toEqual({
      dsiId: entry.dsiId,
      quantity: 1000,
      paymentId: 'pm_card',
      promotionCode: 'SPRING10',
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Purchase page')).toBeVisible();
  });

  it('asks for another payment method when the card is declined', async () => {
    const declined: TPurchaseResponse = {
      purchase: buildPurchase({ status: 'PAYMENT_FAILED', paidAt: null }),
      clientSecret: null,
      paymentStatus: 'requires_payment_method',
    };
    const { user } = renderBuying({ purchase: { body: declined } });
    await buyDefaultRows(user);
    expect(
      await screen.findByText(
        'There was an error processing your payment. Choose another payment method.',
      ),
    ).toBeVisible();
  });

  it('sends a card that needs 3-D Secure to the challenge page, which returns to the purchase', async () => {
    const purchase = buildPurchase({
      status: 'REQUIRES_ACTION',
      paidAt: null,
      paymentIntent: {
        status: 'requires_action',
        clientSecret: 'pi_1_secret',
        paymentMethodId: 'pm_card',
        nextActionUrl: '/sandbox/challenge/pi_1',
        lastError: null,
      },
    });
    const { user } = renderBuying({
      purchase: {
        body: { purchase, clientSecret: 'pi_1_secret', paymentStatus: 'requires_action' },
      },
    });
    await buyDefaultRows(user);
    expect(
      await screen.findByText(
        `Challenge /sandbox/challenge/pi_1?returnTo=${encodeURIComponent(`/dataverse/purchase/${purchase.id}`)}`,
      ),
    ).toBeVisible();
  });
});
