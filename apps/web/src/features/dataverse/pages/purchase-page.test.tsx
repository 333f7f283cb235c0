import type { TPurchase } from '@app/contracts/dataverse';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../test/fetch-stub';
import { buildBillingInfo, buildPaymentMethod } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { useLocation } from 'react-router';
import { buildPurchase, signIn } from '../testing/dataverse-fixtures';
import { PurchasePage } from './purchase-page';
import { PurchasesPage } from './purchases-page';

function renderPurchase(
  purchase: TPurchase,
  routes: Record<string, StubReply | (() => StubReply)> = {},
) {
  signIn({ roles: [5], timeZone: 'Europe/Madrid' });
  const spy = stubFetch({
    [`GET /api/dataverse/purchase/${purchase.id}`]: { body: purchase },
    'GET /api/user/invoices': { body: [] },
    ...routes,
  });
  const view = renderRoutes(
    [{ path: '/dataverse/purchase/:purchaseId', element: <PurchasePage /> }],
    `/dataverse/purchase/${purchase.id}`,
  );
  return { ...view, spy };
}

function fact(label: string): string {
  return screen
    .getByRole('definition', {
      name: (_, element) => element.previousElementSibling?.textContent === label,
    })
    .textContent.replace(/\s/g, ' ');
}

describe('PurchasePage', { timeout: 30_000 }, () => {
  it('shows the rows, price, VAT and invoice of a paid purchase and downloads its CSV', async () => {
    const purchase = buildPurchase();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user, spy } = renderPurchase(purchase, {
      [`GET /api/dataverse/purchase/${purchase.id}/download`]: {
        body: {
          url: '/api/dataverse/files/signed-csv',
          expiresAt: '2030-01-01T00:00:00.000Z',
          format: 'csv',
          fileName: 'adult.csv',
        },
      },
    });
    expect(await screen.findByRole('heading', { name: purchase.datasetName })).toBeVisible();
    expect(screen.getByText('Paid', { selector: '.MuiChip-label' })).toBeVisible();
    expect(fact('Rows')).toBe('1.000');
    expect(fact('Price')).toBe('0,50 € per 100 rows');
    expect(fact('Dataset price')).toBe('5,00 €');
    expect(fact('Discount')).toBe('−0,50 €');
    expect(fact('VAT 21 %')).toBe('0,95 €');
    expect(fact('Total')).toBe('5,45 €');
    expect(fact('Ordered')).toBe('2026-03-01');
    expect(fact('Invoice')).toContain('F-2026-000042');
    expect(screen.getByText('1.000 rows and 3 columns, ready to download.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => {
      expect(clicked).toEqual(['/api/dataverse/files/signed-csv']);
    });
    const download = recordedCalls(spy).find((call) => call.path.endsWith('/download'));
    expect(download?.query.get('format')).toBe('csv');
  });

  it('links the invoice documents once billing lists the invoice', async () => {
    const purchase = buildPurchase();
    renderPurchase(purchase, {
      'GET /api/user/invoices': {
        body: [
          {
            id: purchase.invoice.id,
            hostedInvoiceUrl: '/api/files/invoice.html',
            invoicePdf: '/api/files/invoice.pdf',
          },
        ],
      },
    });
    expect(await screen.findByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      '/api/files/invoice.pdf',
    );
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/api/files/invoice.html',
    );
  });

  it('asks again while the rows are being copied, then offers the downloads', async () => {
    const purchase = buildPurchase({
      delivery: { status: 'PREPARING', rows: null, columns: [] },
    });
    let asked = 0;
    renderPurchase(purchase, {
      [`GET /api/dataverse/purchase/${purchase.id}`]: () => {
        asked += 1;
        return {
          body:
            asked < 2
              ? purchase
              : { ...purchase, delivery: { status: 'READY', rows: 1000, columns: ['age'] } },
        };
      },
    });
    expect(await screen.findByText('Preparing your files…')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download Parquet' })).toBeEnabled();
  });

  it('offers no download while a SEPA payment is processing', async () => {
    renderPurchase(buildPurchase({ status: 'PROCESSING', paidAt: null }));
    expect(await screen.findByText('Your payment is being proccessed.')).toBeVisible();
    expect(
      screen.getByText('The data can be downloaded once the payment is complete.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows the report alert while the report is being prepared', async () => {
    const purchase = buildPurchase();
    const { user, spy } = renderPurchase(purchase, {
      [`GET /api/dataset/${purchase.datasetId ?? ''}/report`]: {
        status: 202,
        body: { dsiId: purchase.dsiId, status: 'PREPARING', url: null, expiresAt: null },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    expect(
      await screen.findByText(
        "We're working on getting your report download ready. Please come back in a bit!",
      ),
    ).toBeVisible();
    const report = recordedCalls(spy).find((call) => call.path.endsWith('/report'));
    expect(report?.query.get('dsiId')).toBe(purchase.dsiId);
  });

  it('is a translated not-found for another team’s purchase', async () => {
    await i18n.changeLanguage('es');
    try {
      const purchase = buildPurchase();
      renderPurchase(purchase, {
        [`GET /api/dataverse/purchase/${purchase.id}`]: {
          status: 404,
          body: errorBody('NOT_FOUND', 'Purchase not found'),
        },
      });
      expect(await screen.findByText('Esta compra no existe o no es tuya.')).toBeVisible();
      expect(screen.queryByText('Purchase not found')).toBeNull();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});

function ChallengeStub() {
  const location = useLocation();
  return <p>Challenge {`${location.pathname}${location.search}`}</p>;
}

/** The payment dialog's calls: the sandbox gateway, two cards and complete billing details. */
const PAYMENT_ROUTES = {
  'GET /api/payments/config': { body: { gateway: 'sandbox', publishableKey: null, vatRate: 21 } },
  'GET /api/payments/payment_methods': {
    body: [
      buildPaymentMethod({ id: 'pm_3ds', isDefault: true }),
      buildPaymentMethod({ id: 'pm_other', isDefault: false, last4: '4444' }),
    ],
  },
  'GET /api/user/billing': { body: buildBillingInfo() },
};

function renderUnpaid(purchase: TPurchase, routes: Record<string, StubReply> = {}) {
  signIn({ roles: [5] });
  const spy = stubFetch({
    [`GET /api/dataverse/purchase/${purchase.id}`]: { body: purchase },
    'GET /api/user/invoices': { body: [] },
    ...PAYMENT_ROUTES,
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/dataverse/purchase/:purchaseId', element: <PurchasePage /> },
      { path: '/sandbox/challenge/:intentId', element: <ChallengeStub /> },
    ],
    `/dataverse/purchase/${purchase.id}`,
  );
  return { ...view, spy };
}

async function proceed(user: ReturnType<typeof renderUnpaid>['user']) {
  const payment = await screen.findByRole('dialog', { name: 'Payment process' });
  const button = within(payment).getByRole('button', { name: 'PROCEED TO PAYMENT' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  await user.click(button);
  return payment;
}

describe('PurchasePage: paying an unpaid order', { timeout: 30_000 }, () => {
  const awaiting = () =>
    buildPurchase({
      status: 'REQUIRES_ACTION',
      paidAt: null,
      delivery: { status: 'READY', rows: 1000, columns: ['age'] },
      paymentIntent: {
        status: 'requires_action',
        clientSecret: 'pi_1_secret',
        paymentMethodId: 'pm_3ds',
        nextActionUrl: '/sandbox/challenge/pi_1',
        lastError: null,
      },
    });

  it('completes a waiting 3-D Secure in the payment dialog, charging nothing again', async () => {
    const purchase = awaiting();
    const { user, spy } = renderUnpaid(purchase);
    expect(
      await screen.findByText(
        "The payment awaits the card holder's authentication. Complete it to receive the data.",
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await proceed(user);
    expect(
      await screen.findByText(
        `Challenge /sandbox/challenge/pi_1?returnTo=${encodeURIComponent(`/dataverse/purchase/${purchase.id}`)}`,
      ),
    ).toBeVisible();
    expect(recordedCalls(spy).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('pays a refused order again with the method chosen, not a new purchase', async () => {
    const purchase = buildPurchase({ status: 'PAYMENT_FAILED', paidAt: null });
    const { user, spy } = renderUnpaid(purchase, {
      [`POST /api/dataverse/purchase/${purchase.id}/pay`]: {
        body: {
          purchase: { ...purchase, status: 'PAID' },
          clientSecret: null,
          paymentStatus: 'succeeded',
        },
      },
    });
    expect(
      await screen.findByText(
        'The payment failed, select another payment method and complete the payment.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Complete authentication' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    const payment = await proceed(user);
    expect(within(payment).getByText(purchase.datasetName)).toBeVisible();
    expect(await screen.findByText('Your payment was successful!')).toBeVisible();
    const posts = recordedCalls(spy).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([`/api/dataverse/purchase/${purchase.id}/pay`]);
    expect(posts[0]?.json).toEqual({ paymentId: 'pm_3ds' });
  });

  it('words a new SEPA mandate for the purchase, not for subscriptions, in en-US and es', async () => {
    const purchase = buildPurchase({ status: 'PAYMENT_FAILED', paidAt: null });
    const { user } = renderUnpaid(purchase);
    const addIban = async (texts: { pay: string; change: string; add: string; iban: string }) => {
      await user.click(await screen.findByRole('button', { name: texts.pay }));
      const payment = await screen.findByRole('dialog');
      await user.click(await within(payment).findByRole('button', { name: texts.change }));
      await user.click(within(payment).getByRole('button', { name: texts.add }));
      await user.click(await within(payment).findByRole('button', { name: texts.iban }));
      return payment;
    };
    const payment = await addIban({
      pay: 'Pay again',
      change: 'Change',
      add: 'Add payment method',
      iban: 'Bank account (IBAN)',
    });
    expect(
      within(payment).getByText(
        'By adding this account you authorise us to debit it by SEPA Direct Debit for this purchase and for the later payments you make with it.',
      ),
    ).toBeVisible();
    expect(within(payment).queryByText(/for your subscriptions/)).toBeNull();
    await i18n.changeLanguage('es');
    try {
      expect(
        await within(payment).findByText(
          'Al añadir esta cuenta nos autorizas a cargar en ella esta compra, y los pagos que hagas después con ella, mediante domiciliación SEPA.',
        ),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('offers no payment to a guest, who may not pay', async () => {
    signIn({ roles: [6] });
    const failed = buildPurchase({ status: 'PAYMENT_FAILED', paidAt: null });
    stubFetch({
      [`GET /api/dataverse/purchase/${failed.id}`]: { body: failed },
      'GET /api/user/invoices': { body: [] },
    });
    renderRoutes(
      [{ path: '/dataverse/purchase/:purchaseId', element: <PurchasePage /> }],
      `/dataverse/purchase/${failed.id}`,
    );
    expect(await screen.findByText('Payment failed', { selector: '.MuiChip-label' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });
});

describe('PurchasesPage', { timeout: 30_000 }, () => {
  function renderList(reply: StubReply | (() => StubReply)) {
    signIn({ roles: [5] });
    const spy = stubFetch({ 'GET /api/dataverse/purchases': reply });
    const view = renderRoutes(
      [
        { path: '/dataverse/purchases', element: <PurchasesPage /> },
        { path: '/dataverse/purchase/:purchaseId', element: <p>Purchase page</p> },
      ],
      '/dataverse/purchases',
    );
    return { ...view, spy };
  }

  it('says when the team has bought nothing yet', async () => {
    renderList({ body: { items: [], total: 0, page: 1, pageSize: 10 } });
    expect(await screen.findByText('Your team has not bought any data yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the purchases a page at a time and opens one', async () => {
    const first = buildPurchase({ datasetName: 'Penguins' });
    const second = buildPurchase({ datasetName: 'Mauna Loa CO2', status: 'PROCESSING' });
    const { user, spy } = renderList(() => ({
      body: { items: [first, second], total: 12, page: 1, pageSize: 10 },
    }));
    const table = await screen.findByRole('table', { name: 'Purchases' });
    expect(await within(table).findByRole('link', { name: 'Penguins' })).toBeVisible();
    expect(within(table).getByText('Processing')).toBeVisible();
    expect(screen.getByText('1–10 of 12')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => {
      expect(recordedCalls(spy).at(-1)?.query.get('page')).toBe('2');
    });
    await user.click(within(table).getByRole('link', { name: 'Penguins' }));
    expect(await screen.findByText('Purchase page')).toBeVisible();
  });
});
