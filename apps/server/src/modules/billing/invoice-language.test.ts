import type { TInvoice } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import {
  CARDS,
  LEGAL_BASIC_MONTH,
  addPaymentMethod,
  addPromotionCode,
  adminToken,
  subscribe,
} from './billing-fixtures.js';

const test = useTestApp({ VAT_RATE_PERCENT: '10.5' });

async function spanishBuyer(language: 'es' | 'en-US') {
  const user = await signUpConfirmed(test, { language });
  const saved = await test.app.inject({
    method: 'PUT',
    url: '/api/user/billing',
    headers: bearer(user.token),
    payload: {
      companyName: 'Acme Industries',
      nif: 'B12345678',
      billingAddress: 'Calle Mayor 1',
      zip: '28013',
      region: 'Madrid',
      country: 'ES',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

async function invoicesOf(token: string): Promise<TInvoice[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: bearer(token),
  });
  return response.json<TInvoice[]>();
}

/** The text of the invoice's PDF and page. */
async function documentsOf(invoice: TInvoice): Promise<{ pdf: string[]; page: string }> {
  const pdf = await test.app.inject({ method: 'GET', url: invoice.invoicePdf });
  const page = await test.app.inject({ method: 'GET', url: invoice.hostedInvoiceUrl });
  return { pdf: await readPdfText(pdf.rawPayload), page: page.body };
}

describe('invoices in the buyer’s language', () => {
  it('writes a Spanish buyer’s lines, discount and a 10.5 % rate the Spanish way, on the invoice and its credit note', async () => {
    await addPromotionCode(test, { code: 'HALF', percentOff: 50 });
    const buyer = await spanishBuyer('es');
    const paymentId = await addPaymentMethod(test, buyer.token, { card: CARDS.visa });
    const paid = await subscribe(test, buyer.token, {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
      promotionCode: 'HALF',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [invoice] = await invoicesOf(buyer.token);
    if (!invoice) throw new Error('no invoice');

    expect(invoice.lines.data.map((line) => line.description)).toEqual([
      'Básico (mensual)',
      'Descuento',
    ]);
    const documents = await documentsOf(invoice);
    for (const text of ['Básico (mensual)', 'IVA 10,5 %']) {
      expect(documents.pdf).toContain(text);
      expect(documents.page).toContain(text);
    }
    expect(documents.page).not.toContain('10.5');

    const credit = await test.app.inject({
      method: 'POST',
      url: `/api/admin/user/${buyer.userId}/invoices/${invoice.id}/credit`,
      headers: bearer(await adminToken(test)),
      payload: { reason: 'canceled' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const note = credit.json<TInvoice>();
    expect(note.lines.data[0]?.description).toBe('Básico (mensual)');
    const noteDocuments = await documentsOf(note);
    expect(noteDocuments.pdf).toEqual(expect.arrayContaining(['Básico (mensual)', 'IVA 10,5 %']));
  });

  it('keeps English words and the point for an English-speaking buyer', async () => {
    const buyer = await spanishBuyer('en-US');
    const paymentId = await addPaymentMethod(test, buyer.token, { card: CARDS.visa });
    await subscribe(test, buyer.token, {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
    });
    const [invoice] = await invoicesOf(buyer.token);
    if (!invoice) throw new Error('no invoice');

    expect(invoice.lines.data.map((line) => line.description)).toEqual(['Basic (monthly)']);
    const { pdf, page } = await documentsOf(invoice);
    expect(pdf).toEqual(expect.arrayContaining(['Basic (monthly)', 'VAT 10.5 %']));
    expect(page).toContain('VAT 10.5 %');
  });
});
