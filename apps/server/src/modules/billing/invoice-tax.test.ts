import type { TInvoice } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, sandboxPaymentIntents } from '../../db/schema/index.js';
import { readPdfText } from '../../test/pdf-text.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { ensurePlatformAdmin } from '../admin/service.js';
import { CARDS, LEGAL_BASIC_MONTH, addPaymentMethod, subscribe } from './billing-fixtures.js';
import { recordInvoicePaid } from './invoices.js';

const test = useTestApp();
const ADMIN = { email: 'root@neuron-platform.test', password: 'Admin#Pass97' };
const YEAR = new Date().getUTCFullYear();

type Buyer = { country: string; nif: string };
const SPANISH = { country: 'ES', nif: 'B12345678' };
const GERMAN = { country: 'DE', nif: 'DE123456789' };

/** A confirmed owner whose team bills with these details (set through the billing form). */
async function customer(buyer: Buyer | null, language = 'en-US') {
  const user = await signUpConfirmed(test, { language });
  if (buyer) {
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/user/billing',
      headers: bearer(user.token),
      payload: {
        companyName: 'Acme Industries',
        billingAddress: 'Hauptstraße 5',
        zip: '10115',
        region: 'Berlin',
        ...buyer,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return user;
}

async function checkout(token: string, card: string = CARDS.visa) {
  const paymentId = await addPaymentMethod(test, token, { card });
  return subscribe(test, token, { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId });
}

async function invoicesOf(token: string): Promise<TInvoice[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TInvoice[]>();
}

async function onlyInvoice(token: string): Promise<TInvoice> {
  const [invoice, ...rest] = await invoicesOf(token);
  if (!invoice || rest.length > 0) throw new Error('expected one invoice');
  return invoice;
}

/** The lines of text of the invoice's PDF, and its page. */
async function documentsOf(invoice: TInvoice): Promise<{ pdf: string[]; page: string }> {
  const pdf = await test.app.inject({ method: 'GET', url: invoice.invoicePdf });
  expect(pdf.headers['content-type']).toContain('application/pdf');
  const page = await test.app.inject({ method: 'GET', url: invoice.hostedInvoiceUrl });
  // Money has a no-break space before the euro sign, which is 0x80 in the PDF's WinAnsi.
  const text = (value: string) => value.replaceAll('\u00a0', ' ').replaceAll('\u0080', '€');
  return { pdf: (await readPdfText(pdf.rawPayload)).map(text), page: text(page.body) };
}

/** What the payment provider was asked to charge for the invoice (its succeeded intents). */
async function chargedCents(invoiceId: string): Promise<number[]> {
  const rows = await test.app.deps.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'invoiceId' = ${invoiceId}`);
  return rows.filter((row) => row.status === 'succeeded').map((row) => row.amountCents);
}

async function adminToken(): Promise<string> {
  await ensurePlatformAdmin(test.app.deps.db, ADMIN);
  const login = await test.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
  return login.json<{ token: string }>().token;
}

function credit(admin: string, userId: string, invoiceId: string, reason = 'refund') {
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/user/${userId}/invoices/${invoiceId}/credit`,
    headers: bearer(admin),
    payload: { reason },
  });
}

describe('invoice tax', () => {
  it('invoices a Spanish company with IVA, the seller and buyer details, a number and an issue date', async () => {
    const buyer = await customer(SPANISH);
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    expect(invoice).toMatchObject({
      number: `F-${String(YEAR)}-000001`,
      kind: 'invoice',
      taxTreatment: 'standard',
      subtotal: 2900,
      taxRate: 21,
      tax: 609,
      total: 3509,
    });
    expect(invoice.issued).not.toBeNull();
    expect(await chargedCents(invoice.id)).toEqual([3509]);

    const { pdf, page } = await documentsOf(invoice);
    for (const text of [
      'Neuron Platform S.L.',
      'NIF B12345674',
      'Calle de Alcalá 1, 28014 Madrid, España',
      'Acme Industries',
      'NIF B12345678',
      'Spain',
      invoice.number ?? '',
      'Tax base',
      '29,00 €',
      'VAT 21 %',
      '6,09 €',
      '35,09 €',
    ]) {
      expect(pdf).toContain(text);
      expect(page).toContain(text);
    }
  });

  it('invoices a German business without VAT, with the reverse-charge wording, and charges that amount', async () => {
    const buyer = await customer(GERMAN);
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    expect(invoice).toMatchObject({
      taxTreatment: 'reverse_charge',
      taxRate: 0,
      tax: 0,
      total: 2900,
    });
    expect(await chargedCents(invoice.id)).toEqual([2900]);
    const { pdf } = await documentsOf(invoice);
    expect(pdf).toEqual(
      expect.arrayContaining([
        'VAT number DE123456789',
        'Germany',
        'VAT 0 %',
        'Reverse charge: VAT to be accounted for by the customer (Article 196, Council Directive 2006/112/EC).',
      ]),
    );
  });

  it('shows the invoice in Spanish to a Spanish-speaking buyer', async () => {
    const buyer = await customer(GERMAN, 'es');
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    const { pdf, page } = await documentsOf(invoice);
    for (const text of [
      'Factura',
      'Fecha de expedición',
      'Cliente',
      'NIF-IVA DE123456789',
      'Alemania',
      'Base imponible',
      'IVA 0 %',
      'pagada',
      'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992 del IVA; art. 196 Directiva 2006/112/CE).',
    ]) {
      expect(pdf).toContain(text);
      expect(page).toContain(text);
    }
    expect(page).toContain('<html lang="es">');
  });

  it('invoices a customer outside the EU without VAT, with the export wording', async () => {
    const buyer = await customer({ country: 'US', nif: '12-3456789' });
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    expect(invoice).toMatchObject({ taxTreatment: 'export', tax: 0, total: 2900 });
    const { pdf } = await documentsOf(invoice);
    expect(pdf).toContain(
      'Not subject to Spanish VAT: service supplied to a customer established outside the EU (Article 69, Spanish VAT Act 37/1992).',
    );
  });

  it('charges Spanish IVA to an EU customer without a valid VAT number', async () => {
    // The profile form takes any tax ID; the billing form would refuse this one.
    const buyer = await signUpConfirmed(test);
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(buyer.token),
    });
    const profile = await test.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Ana',
        lastName: 'García',
        email: me.json<{ email: string }>().email,
        companyName: 'Acme',
        nif: '12345',
        billingAddress: 'Rue de Rivoli 1',
        zip: '75001',
        region: 'Paris',
        country: 'FR',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    expect(invoice).toMatchObject({ taxTreatment: 'standard', taxRate: 21, total: 3509 });
    expect(await chargedCents(invoice.id)).toEqual([3509]);
  });
});

describe('invoice numbers', () => {
  it('numbers only charged invoices, in order, per series and year', async () => {
    const declined = await customer(SPANISH);
    const paying = await customer(SPANISH);
    await checkout(declined.token, CARDS.declined);
    const [open] = await invoicesOf(declined.token);
    expect(open).toMatchObject({ status: 'open', number: null, issued: null });

    await checkout(paying.token);
    expect((await onlyInvoice(paying.token)).number).toBe(`F-${String(YEAR)}-000001`);

    const subscriptionId = (
      await test.app.inject({
        method: 'GET',
        url: '/api/user/subscriptions',
        headers: bearer(declined.token),
      })
    ).json<{ id: string }[]>()[0]?.id;
    const paymentId = await addPaymentMethod(test, declined.token, { card: CARDS.visa });
    const pay = await test.app.inject({
      method: 'PUT',
      url: `/api/user/subscription/${subscriptionId ?? ''}`,
      headers: bearer(declined.token),
      payload: { paymentId },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await onlyInvoice(declined.token)).number).toBe(`F-${String(YEAR)}-000002`);
  });

  it('starts each year at 1', async () => {
    const buyer = await customer(SPANISH);
    await checkout(buyer.token);
    const [subscription] = (
      await test.app.inject({
        method: 'GET',
        url: '/api/user/subscriptions',
        headers: bearer(buyer.token),
      })
    ).json<{ id: string }[]>();
    // Canceled at the end of its period, so that no renewal is invoiced in the new year.
    await test.app.inject({
      method: 'POST',
      url: `/api/user/subscription/cancel/${subscription?.id ?? ''}`,
      headers: bearer(buyer.token),
    });
    test.clock.set(new Date(Date.UTC(YEAR + 1, 2, 1)));
    const nextYear = await customer(SPANISH);
    await checkout(nextYear.token);
    expect((await onlyInvoice(nextYear.token)).number).toBe(`F-${String(YEAR + 1)}-000001`);
    const numbers = await test.app.deps.db.select({ number: invoices.number }).from(invoices);
    expect(numbers.map((row) => row.number).sort()).toEqual([
      `F-${String(YEAR)}-000001`,
      `F-${String(YEAR + 1)}-000001`,
    ]);
  });

  it('gives a number back when the charge is not recorded', async () => {
    const buyer = await customer(SPANISH);
    await checkout(buyer.token, CARDS.declined);
    const [row] = await test.app.deps.db.select().from(invoices);
    if (!row) throw new Error('no invoice');
    await expect(
      test.app.deps.db.transaction(async (tx) => {
        await recordInvoicePaid(test.app.deps, tx, {
          invoice: row,
          paymentIntentId: 'pi_lost',
          at: test.clock.now(),
        });
        throw new Error('the charge could not be recorded');
      }),
    ).rejects.toThrow('the charge could not be recorded');
    const [after] = await test.app.deps.db.select().from(invoices).where(eq(invoices.id, row.id));
    expect(after).toMatchObject({ number: null, status: 'open' });

    const other = await customer(SPANISH);
    await checkout(other.token);
    expect((await onlyInvoice(other.token)).number).toBe(`F-${String(YEAR)}-000001`);
  });

  it('gives each of many charges at the same moment its own number, none skipped', async () => {
    const buyers = [];
    for (let n = 0; n < 6; n++) {
      const buyer = await customer(SPANISH);
      const paymentId = await addPaymentMethod(test, buyer.token, { card: CARDS.visa });
      buyers.push({ ...buyer, paymentId });
    }
    const responses = await Promise.all(
      buyers.map((buyer) =>
        subscribe(test, buyer.token, {
          priceId: LEGAL_BASIC_MONTH,
          planCode: 'BASIC',
          paymentId: buyer.paymentId,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(buyers.map(() => 200));
    const numbers = await Promise.all(
      buyers.map(async (buyer) => (await onlyInvoice(buyer.token)).number),
    );
    expect([...numbers].sort()).toEqual(
      buyers.map((_, n) => `F-${String(YEAR)}-${String(n + 1).padStart(6, '0')}`),
    );
  });
});

describe('credit notes', () => {
  it('refunds a paid invoice with a credit note of its own series that refers to it', async () => {
    const admin = await adminToken();
    const buyer = await customer(SPANISH, 'es');
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);

    const response = await credit(admin, buyer.userId, invoice.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'credit_note',
      number: `R-${String(YEAR)}-000001`,
      corrects: invoice.number,
      subtotal: -2900,
      tax: -609,
      total: -3509,
      taxRate: 21,
      lines: { data: [{ type: 'subscription', amount: -2900 }] },
    });
    const [creditNote, original] = await invoicesOf(buyer.token);
    expect([creditNote?.kind, original?.number]).toEqual(['credit_note', invoice.number]);
    const [charge] = await test.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'invoiceId' = ${invoice.id}`);
    expect(charge?.refundedAt).not.toBeNull();

    const { pdf } = await documentsOf(response.json<TInvoice>());
    expect(pdf).toEqual(
      expect.arrayContaining([
        'Factura rectificativa',
        'Rectifica la factura',
        invoice.number,
        '-35,09 €',
        `Rectifica la factura ${invoice.number ?? ''} por devolución del importe cobrado.`,
      ]),
    );

    expectAppError(await credit(admin, buyer.userId, invoice.id), 409, 'CONFLICT');
    const notes = (await invoicesOf(buyer.token)).filter((row) => row.kind === 'credit_note');
    expect(notes).toHaveLength(1);
  });

  it('records a canceled charge without refunding, and refuses an unpaid or foreign invoice', async () => {
    const admin = await adminToken();
    const buyer = await customer(GERMAN);
    await checkout(buyer.token);
    const paid = await onlyInvoice(buyer.token);
    const other = await customer(SPANISH);
    await checkout(other.token, CARDS.declined);
    const [open] = await invoicesOf(other.token);
    if (!open) throw new Error('no open invoice');

    expectAppError(await credit(admin, other.userId, open.id), 422, 'BUSINESS_RULE');
    expectAppError(await credit(admin, other.userId, paid.id), 404, 'NOT_FOUND');
    expectAppError(await credit(admin, buyer.userId, paid.id, 'lost'), 400, 'VALIDATION');

    const canceled = await credit(admin, buyer.userId, paid.id, 'canceled');
    expect(canceled.statusCode, canceled.body).toBe(201);
    expect(canceled.json()).toMatchObject({
      kind: 'credit_note',
      taxTreatment: 'reverse_charge',
      total: -2900,
    });
    const [charge] = await test.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'invoiceId' = ${paid.id}`);
    expect(charge?.refundedAt).toBeNull();
  });

  it('is for the platform administrator only', async () => {
    const buyer = await customer(SPANISH);
    await checkout(buyer.token);
    const invoice = await onlyInvoice(buyer.token);
    expectAppError(await credit(buyer.token, buyer.userId, invoice.id), 403, 'FORBIDDEN');
  });
});
