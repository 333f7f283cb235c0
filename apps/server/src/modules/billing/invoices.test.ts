import type { TInvoice } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { CARDS, LEGAL_BASIC_MONTH, addPaymentMethod, subscribe } from './billing-fixtures.js';

const test = useTestApp({ VAT_RATE_PERCENT: '10' });

async function invoicesOf(token: string): Promise<TInvoice[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TInvoice[]>();
}

async function checkout(token: string, card: string) {
  const paymentId = await addPaymentMethod(test, token, { card });
  return subscribe(test, token, { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId });
}

describe('GET /api/user/invoices', () => {
  it('numbers invoices without gaps and applies the configured VAT rate', async () => {
    const first = await signUpConfirmed(test);
    const second = await signUpConfirmed(test);
    await checkout(first.token, CARDS.visa);
    await checkout(second.token, CARDS.visa);
    const [a] = await invoicesOf(first.token);
    const [b] = await invoicesOf(second.token);
    expect([a?.number?.slice(-6), b?.number?.slice(-6)]).toEqual(['000001', '000002']);
    expect(a).toMatchObject({ subtotal: 2900, tax: 290, total: 3190, taxRate: 10 });
    expect(a?.lines.data).toEqual([
      { description: 'Basic (monthly)', type: 'subscription', amount: 2900 },
    ]);
  });

  it('serves the PDF and the hosted page by signed link, with the billing details', async () => {
    const { token } = await signUpConfirmed(test);
    await test.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(token),
      payload: {
        firstName: 'Ana',
        lastName: 'García',
        email: (
          await test.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })
        ).json<{ email: string }>().email,
        companyName: 'Acme Industries',
        nif: 'B12345678',
        billingAddress: 'Calle Mayor 1',
        zip: '28013',
        region: 'Madrid',
        country: 'ES',
      },
    });
    await checkout(token, CARDS.visa);
    const [invoice] = await invoicesOf(token);
    if (!invoice) throw new Error('no invoice');

    const pdf = await test.app.inject({ method: 'GET', url: invoice.invoicePdf });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await readPdfText(pdf.rawPayload)).toEqual(
      expect.arrayContaining([invoice.number, 'NIF B12345678', 'Acme Industries', 'paid']),
    );

    const page = await test.app.inject({ method: 'GET', url: invoice.hostedInvoiceUrl });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(invoice.number);
    expect(page.body).toContain('NIF B12345678');
    expect(page.body).toContain('Acme Industries');
    expect(page.body).toContain('paid');

    const unsigned = await test.app.inject({
      method: 'GET',
      url: invoice.invoicePdf.split('?')[0] ?? '',
    });
    expect(unsigned.statusCode).not.toBe(200);
  });

  it('tells the browser the VAT rate the invoices use', async () => {
    const { token } = await signUpConfirmed(test);
    const config = await test.app.inject({
      method: 'GET',
      url: '/api/payments/config',
      headers: bearer(token),
    });
    expect(config.json()).toEqual({ gateway: 'sandbox', publishableKey: null, vatRate: 10 });
  });

  it('keeps each team to its own invoices', async () => {
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    await checkout(owner.token, CARDS.visa);
    expect(await invoicesOf(other.token)).toEqual([]);
  });

  it('lists the open invoice of a refused first payment', async () => {
    const { token } = await signUpConfirmed(test);
    await checkout(token, CARDS.declined);
    expect((await invoicesOf(token)).map((invoice) => invoice.status)).toEqual(['open']);
  });
});
