import {
  ROLES,
  type TDownloadResponse,
  type TInvoice,
  type TPurchase,
  type TPurchaseResponse,
  type TPurchasesResponse,
  type TSale,
} from '@app/contracts';
import { readFileSync } from 'node:fs';
import { readTableBytes } from '@app/synth';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dvDatasetInstances,
  dvDatasets,
  invoices,
  promotionCodes,
  sandboxPaymentIntents,
} from '../../db/schema/index.js';
import {
  CARDS,
  IBANS,
  addPaymentMethod,
  addPromotionCode,
  teamMember,
} from '../billing/billing-fixtures.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { withTamperedSignature } from '../../test/fixtures.js';
import { insertTeamDataset } from './dataverse-fixtures.js';
import { seedDataverse } from './seed.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

/** The current version (dsiId) of a dataset. */
async function instanceOf(datasetId: string): Promise<string> {
  const [row] = await test.app.deps.db
    .select({ id: dvDatasetInstances.id })
    .from(dvDatasetInstances)
    .where(eq(dvDatasetInstances.datasetId, datasetId));
  if (!row) throw new Error(`dataset ${datasetId} has no version`);
  return row.id;
}

/** Another team's published dataset whose version's file is `source`, of `rows` rows. */
async function publishedSource(source: string, rows: number): Promise<string> {
  const seller = await signUpConfirmed(test);
  const datasetId = await insertTeamDataset(test.app.deps.db, {
    teamId: seller.teamId,
    isPublished: true,
  });
  const dsiId = await instanceOf(datasetId);
  const [instance] = await test.app.deps.db
    .update(dvDatasetInstances)
    .set({ numberOfRows: rows })
    .where(eq(dvDatasetInstances.id, dsiId))
    .returning();
  await test.app.deps.storage.put(instance?.storageKey ?? '', Buffer.from(source), 'text/csv');
  return dsiId;
}

/** The seeded synthetic Adult table: 300 rows at 0,50 € per started 100 rows. */
async function adultDataset(): Promise<{ id: string; dsiId: string }> {
  const [row] = await test.app.deps.db
    .select({ id: dvDatasets.id })
    .from(dvDatasets)
    .where(eq(dvDatasets.seedKey, 'adult-income-synthetic'));
  if (!row) throw new Error('the seed has no Adult dataset');
  return { id: row.id, dsiId: await instanceOf(row.id) };
}

type Buyer = { token: string; teamId: string; paymentId: string };

async function buyer(details: { card: string } | { iban: string } = { card: CARDS.visa }) {
  const { token, teamId } = await signUpConfirmed(test);
  const paymentId = await addPaymentMethod(test, token, details);
  return { token, teamId, paymentId } satisfies Buyer;
}

function purchase(token: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/dataverse/purchase/',
    headers: bearer(token),
    payload,
  });
}

async function bought(token: string, payload: Record<string, unknown>): Promise<TPurchaseResponse> {
  const response = await purchase(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPurchaseResponse>();
}

function get(token: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function readPurchase(token: string, id: string): Promise<TPurchase> {
  const response = await get(token, `/api/dataverse/purchase/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPurchase>();
}

async function teamInvoices(token: string): Promise<TInvoice[]> {
  const response = await get(token, '/api/user/invoices');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TInvoice[]>();
}

async function chargesOf(invoiceId: string) {
  return test.app.deps.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'invoiceId' = ${invoiceId}`);
}

describe('buying rows of a dataset', () => {
  it('charges the per-row price with the promotion code and VAT, once, and invoices it', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    await addPromotionCode(test, { code: 'DATA10', percentOff: 10 });
    const { purchase: bought_, paymentStatus } = await bought(token, {
      dsiId: dataset.dsiId,
      quantity: 250,
      description: 'Income model training',
      paymentId,
      promotionCode: 'data10',
    });
    // 50 cents × ceil(250 / 100) = 1,50 €; 10 % off = 1,35 €; VAT 21 % = 0,28 €.
    expect(paymentStatus).toBe('succeeded');
    expect(bought_).toMatchObject({
      dsiId: dataset.dsiId,
      datasetId: dataset.id,
      quantity: 250,
      pricingBase: 100,
      pricingValue: 50,
      datasetPrice: 150,
      description: 'Income model training',
      status: 'PAID',
      invoice: { subtotal: 150, discount: 15, tax: 28, taxRate: 21, total: 163 },
    });
    expect(bought_.paidAt).not.toBeNull();
    const [invoice] = await teamInvoices(token);
    expect(invoice).toMatchObject({ status: 'paid', total: 163 });
    expect(invoice?.lines.data[0]).toMatchObject({ type: 'purchase', amount: 150 });
    expect(invoice?.lines.data[0]?.description).toContain('250 rows');
    expect(await chargesOf(bought_.invoice.id)).toHaveLength(1);
    const [code] = await test.app.deps.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.code, 'DATA10'));
    expect(code?.timesRedeemed).toBe(1);
    expect(await readPurchase(token, bought_.id)).toMatchObject({ id: bought_.id, status: 'PAID' });
  });

  it('takes an amount off, never below nothing', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    await addPromotionCode(test, { code: 'EURO1', amountOffCents: 100 });
    const { purchase: result } = await bought(token, {
      dsiId: dataset.dsiId,
      quantity: 100,
      paymentId,
      promotionCode: 'EURO1',
    });
    expect(result.invoice).toMatchObject({ subtotal: 50, discount: 50, tax: 0, total: 0 });
    expect(result.status).toBe('PAID');
  });

  it('charges a double submit once, whether the second comes after or at the same time', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    const order = { dsiId: dataset.dsiId, quantity: 100, paymentId };
    const first = await bought(token, order);
    const again = await bought(token, order);
    expect(again.purchase.id).toBe(first.purchase.id);

    const other = await buyer();
    const twice = await Promise.all([
      purchase(other.token, { ...order, paymentId: other.paymentId }),
      purchase(other.token, { ...order, paymentId: other.paymentId }),
    ]);
    const ids = twice.map((response) => response.json<TPurchaseResponse>().purchase.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await teamInvoices(token)).toHaveLength(1);
    expect(await teamInvoices(other.token)).toHaveLength(1);
    const [invoice] = await teamInvoices(other.token);
    expect(await chargesOf(invoice?.id ?? '')).toHaveLength(1);
  });

  it('leaves a declined card with an unpaid purchase that another card then pays, once', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    const declined = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    expect(declined.paymentStatus).toBe('requires_payment_method');
    expect(declined.purchase.status).toBe('PAYMENT_FAILED');
    expect(declined.purchase.paymentIntent?.lastError).toBe('Your card has insufficient funds.');
    expect(declined.purchase.paidAt).toBeNull();

    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const paid = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId: visa });
    expect(paid.purchase.id).toBe(declined.purchase.id);
    expect(paid.purchase.status).toBe('PAID');
    expect(await teamInvoices(token)).toHaveLength(1);
    // The card that paid becomes the team's default, the declined one never did.
    const methods = await test.app.inject({
      method: 'GET',
      url: '/api/payments/payment_methods',
      headers: bearer(token),
    });
    const defaults = methods
      .json<{ id: string; isDefault: boolean }[]>()
      .filter((method) => method.isDefault)
      .map((method) => method.id);
    expect(defaults).toEqual([visa]);
  });

  it('waits for the 3-D Secure challenge, then is paid', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.threeDSecure });
    const pending = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    expect(pending.paymentStatus).toBe('requires_action');
    expect(pending.clientSecret).toBeTruthy();
    expect(pending.purchase.status).toBe('REQUIRES_ACTION');
    const intentId = pending.purchase.paymentIntent?.nextActionUrl?.split('/').pop() ?? '';
    const challenge = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_intents/${intentId}/challenge`,
      headers: bearer(token),
      payload: { outcome: 'succeed' },
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    await test.app.deps.jobs.runDue();
    expect((await readPurchase(token, pending.purchase.id)).status).toBe('PAID');
  });

  it('is PROCESSING while a SEPA debit settles, then paid; a failing IBAN leaves it unpaid', async () => {
    const dataset = await adultDataset();
    const settles = await buyer({ iban: IBANS.settles });
    const fails = await buyer({ iban: IBANS.fails });
    const order = { dsiId: dataset.dsiId, quantity: 300 };
    const a = await bought(settles.token, { ...order, paymentId: settles.paymentId });
    const b = await bought(fails.token, { ...order, paymentId: fails.paymentId });
    expect(a.purchase.status).toBe('PROCESSING');
    expect(b.purchase.status).toBe('PROCESSING');
    test.clock.advance(31_000);
    await test.app.deps.jobs.runDue();
    await test.app.deps.jobs.runDue();
    expect((await readPurchase(settles.token, a.purchase.id)).status).toBe('PAID');
    expect((await readPurchase(fails.token, b.purchase.id)).status).toBe('PAYMENT_FAILED');
  });

  it('cancels an order left unpaid for 23 hours', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    const declined = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    test.clock.advance(23 * 3_600_000 + 1000);
    await test.app.deps.jobs.runDue();
    expect((await readPurchase(token, declined.purchase.id)).status).toBe('CANCELED');
    expect((await teamInvoices(token))[0]?.status).toBe('void');
  });

  it('replaces an unpaid order of the same dataset by a new one of other rows', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    const first = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const second = await bought(token, { dsiId: dataset.dsiId, quantity: 200, paymentId: visa });
    expect(second.purchase.id).not.toBe(first.purchase.id);
    expect(second.purchase.status).toBe('PAID');
    expect((await readPurchase(token, first.purchase.id)).status).toBe('CANCELED');
  });
});

function payAgain(token: string, purchaseId: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: `/api/dataverse/purchase/${purchaseId}/pay`,
    headers: bearer(token),
    payload,
  });
}

async function paidAgain(
  token: string,
  purchaseId: string,
  paymentId: string,
): Promise<TPurchaseResponse> {
  const response = await payAgain(token, purchaseId, { paymentId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPurchaseResponse>();
}

describe('paying an order again', () => {
  it('pays a declined order with another card, its promotion code kept, and never twice', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    await addPromotionCode(test, { code: 'AGAIN10', percentOff: 10 });
    const declined = await bought(token, {
      dsiId: dataset.dsiId,
      quantity: 250,
      paymentId,
      promotionCode: 'AGAIN10',
    });
    expect(declined.purchase.status).toBe('PAYMENT_FAILED');

    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const paid = await paidAgain(token, declined.purchase.id, visa);
    expect(paid.purchase).toMatchObject({
      id: declined.purchase.id,
      status: 'PAID',
      invoice: { subtotal: 150, discount: 15, total: 163 },
    });
    expect(paid.paymentStatus).toBe('succeeded');
    const charges = (await chargesOf(paid.purchase.invoice.id)).length;
    // A second press: the paid order is answered as it is, nothing is charged.
    const again = await paidAgain(token, declined.purchase.id, visa);
    expect(again.purchase.status).toBe('PAID');
    expect(await chargesOf(paid.purchase.invoice.id)).toHaveLength(charges);
    expect(await teamInvoices(token)).toHaveLength(1);
  });

  it('answers an order awaiting 3-D Secure with its challenge, not a second charge', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.threeDSecure });
    const pending = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    const again = await paidAgain(token, pending.purchase.id, paymentId);
    expect(again.purchase.status).toBe('REQUIRES_ACTION');
    expect(again.purchase.paymentIntent?.nextActionUrl).toBe(
      pending.purchase.paymentIntent?.nextActionUrl,
    );
    expect(await chargesOf(pending.purchase.invoice.id)).toHaveLength(1);
  });

  it('refuses another team’s order or card, a canceled order and bad input; a guest gets 403', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    const declined = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    const id = declined.purchase.id;
    const other = await buyer();
    expectAppError(
      await payAgain(other.token, id, { paymentId: other.paymentId }),
      404,
      'NOT_FOUND',
    );
    expectAppError(
      await payAgain(token, id, { paymentId: other.paymentId }),
      400,
      'VALIDATION',
      'paymentId',
    );
    expectAppError(await payAgain(token, id, {}), 400, 'VALIDATION', 'paymentId');
    expectAppError(
      await payAgain(token, '99999999-9999-4999-8999-999999999999', { paymentId }),
      404,
      'NOT_FOUND',
    );
    expectAppError(await payAgain(token, 'not-an-id', { paymentId }), 400, 'VALIDATION', 'id');
    const guest = await teamMember(test, token, ROLES.GUEST);
    expectAppError(await payAgain(guest, id, { paymentId }), 403, 'FORBIDDEN');
    expect((await readPurchase(token, id)).status).toBe('PAYMENT_FAILED');
    expect(await chargesOf(declined.purchase.invoice.id)).toHaveLength(1);

    test.clock.advance(23 * 3_600_000 + 1000);
    await test.app.deps.jobs.runDue();
    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const canceled = await payAgain(token, id, { paymentId: visa });
    expectAppError(canceled, 409, 'CONFLICT');
    expect(canceled.json<{ error: { reason: string } }>().error.reason).toBe('PURCHASE_CANCELED');
    expect((await readPurchase(token, id)).status).toBe('CANCELED');
  });
});

describe('what cannot be bought', () => {
  it('refuses the team’s own dataset, a free one and another team’s unpublished one', async () => {
    const { token, teamId, paymentId } = await buyer();
    const own = await instanceOf(
      await insertTeamDataset(test.app.deps.db, { teamId, isPublished: true }),
    );
    expectAppError(
      await purchase(token, { dsiId: own, quantity: 1, paymentId }),
      422,
      'BUSINESS_RULE',
    );
    expect((await purchase(token, { dsiId: own, quantity: 1, paymentId })).json()).toMatchObject({
      error: { reason: 'PURCHASE_OWN_DATASET' },
    });

    const seller = await signUpConfirmed(test);
    const free = await instanceOf(
      await insertTeamDataset(test.app.deps.db, {
        teamId: seller.teamId,
        isPublished: true,
        pricingValueCents: 0,
      }),
    );
    const refusedFree = await purchase(token, { dsiId: free, quantity: 1, paymentId });
    expectAppError(refusedFree, 422, 'BUSINESS_RULE');
    expect(refusedFree.json()).toMatchObject({ error: { reason: 'DATASET_NOT_FOR_SALE' } });

    const hidden = await instanceOf(
      await insertTeamDataset(test.app.deps.db, { teamId: seller.teamId }),
    );
    // A dataset's own id is no version of it.
    const published = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
    });
    expectAppError(
      await purchase(token, { dsiId: published, quantity: 1, paymentId }),
      404,
      'NOT_FOUND',
    );
    expectAppError(
      await purchase(token, { dsiId: hidden, quantity: 1, paymentId }),
      404,
      'NOT_FOUND',
    );
    expectAppError(
      await purchase(token, { dsiId: crypto.randomUUID(), quantity: 1, paymentId }),
      404,
      'NOT_FOUND',
    );
    expect(await teamInvoices(token)).toHaveLength(0);
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    const base = { dsiId: dataset.dsiId, quantity: 100, paymentId };
    expectAppError(await purchase(token, { ...base, quantity: 0 }), 400, 'VALIDATION', 'quantity');
    expectAppError(
      await purchase(token, { ...base, quantity: 1.5 }),
      400,
      'VALIDATION',
      'quantity',
    );
    expectAppError(
      await purchase(token, { ...base, quantity: 301 }),
      400,
      'VALIDATION',
      'quantity',
    );
    expectAppError(await purchase(token, { ...base, dsiId: 'x' }), 400, 'VALIDATION', 'dsiId');
    expectAppError(
      await purchase(token, { ...base, paymentId: '' }),
      400,
      'VALIDATION',
      'paymentId',
    );
    expectAppError(
      await purchase(token, { ...base, description: 'x'.repeat(501) }),
      400,
      'VALIDATION',
      'description',
    );
    expectAppError(
      await purchase(token, { ...base, promotionCode: 'x'.repeat(65) }),
      400,
      'VALIDATION',
      'promotionCode',
    );
    const other = await buyer();
    expectAppError(
      await purchase(token, { ...base, paymentId: other.paymentId }),
      400,
      'VALIDATION',
      'paymentId',
    );
    expect(await teamInvoices(token)).toHaveLength(0);
  });

  it('refuses an unknown, used-up or price-bound promotion code with Invalid code', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    await addPromotionCode(test, {
      code: 'USEDUP',
      percentOff: 10,
      maxRedemptions: 1,
      timesRedeemed: 1,
    });
    await addPromotionCode(test, { code: 'PLANONLY', percentOff: 10, priceIds: ['some-price'] });
    for (const promotionCode of ['NOPE', 'USEDUP', 'PLANONLY']) {
      const response = await purchase(token, {
        dsiId: dataset.dsiId,
        quantity: 1,
        paymentId,
        promotionCode,
      });
      expectAppError(response, 404, 'NOT_FOUND', 'promotionCode');
      expect(response.json()).toMatchObject({ error: { reason: 'PROMOTION_CODE_INVALID' } });
    }
    expect(await teamInvoices(token)).toHaveLength(0);
  });

  it('lets only the owner and Admin members pay; a guest gets 403, nobody signed in 401', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    const guest = await teamMember(test, token, ROLES.GUEST);
    expectAppError(
      await purchase(guest, { dsiId: dataset.dsiId, quantity: 1, paymentId }),
      403,
      'FORBIDDEN',
    );
    const admin = await teamMember(test, token, ROLES.ADMIN);
    expect(
      (await purchase(admin, { dsiId: dataset.dsiId, quantity: 1, paymentId })).statusCode,
    ).toBe(200);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/dataverse/purchase/',
      payload: { dsiId: dataset.dsiId, quantity: 1, paymentId },
    });
    expectAppError(anonymous, 401, 'UNAUTHORIZED');
  });
});

describe('purchases and sales', () => {
  it('shows a purchase to its own team only, lists the team’s and the seller’s sales', async () => {
    const seller = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
      name: 'Store sales',
    });
    const { token, paymentId } = await buyer();
    const dsiId = await instanceOf(datasetId);
    const { purchase: result } = await bought(token, { dsiId, quantity: 2, paymentId });
    expect(result).toMatchObject({ datasetPrice: 200, providerName: 'Acme Industries' });

    const stranger = await buyer();
    expectAppError(
      await get(stranger.token, `/api/dataverse/purchase/${result.id}`),
      404,
      'NOT_FOUND',
    );
    expectAppError(await get(token, '/api/dataverse/purchase/not-a-uuid'), 400, 'VALIDATION');
    const strangerList = await get(stranger.token, '/api/dataverse/purchases');
    expect(strangerList.json<TPurchasesResponse>()).toMatchObject({ items: [], total: 0 });

    const list = await get(token, '/api/dataverse/purchases?page=1&pageSize=10');
    expect(list.json<TPurchasesResponse>()).toMatchObject({
      total: 1,
      items: [{ id: result.id, datasetName: 'Store sales', status: 'PAID' }],
    });
    expectAppError(await get(token, '/api/dataverse/purchases?pageSize=500'), 400, 'VALIDATION');

    const sales = await get(seller.token, '/api/dataverse/sales');
    expect(sales.json<TSale[]>()).toMatchObject([
      { purchaseId: result.id, dsiId, datasetId, quantity: 2, datasetPrice: 200 },
    ]);
    expect((await get(token, '/api/dataverse/sales')).json<TSale[]>()).toEqual([]);
  });

  it('keeps the purchase when the seller deletes the dataset', async () => {
    const seller = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
    });
    const { token, paymentId } = await buyer();
    const dsiId = await instanceOf(datasetId);
    const { purchase: result } = await bought(token, { dsiId, quantity: 2, paymentId });
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/dataset/${datasetId}`,
      headers: bearer(seller.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await readPurchase(token, result.id)).toMatchObject({
      datasetId: null,
      datasetName: 'Quarterly sales by store',
      status: 'PAID',
    });
    const [invoice] = await test.app.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, result.invoice.id));
    expect(invoice?.status).toBe('paid');
  });
});

/**
 * A decimal number's exact value as sign, digits and exponent ('-1.50e1' and '-15' are both
 * '-15e0'), or null for text that is not one.
 */
function decimalValue(text: string): string | null {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  if (!match || `${match[2] ?? ''}${match[3] ?? ''}` === '') return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  const significant = digits.replace(/0+$/, '');
  const power = Number(exponent) - fraction.length + (digits.length - significant.length);
  return `${sign}${significant}e${String(power)}`;
}

describe('delivery of the rows bought', () => {
  async function download(token: string, url: string) {
    const response = await get(token, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TDownloadResponse>();
  }

  function fetchFile(url: string) {
    return test.app.inject({ method: 'GET', url });
  }

  it('freezes the first rows bought, served as CSV and Parquet through signed addresses', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer();
    const { purchase: result } = await bought(token, {
      dsiId: dataset.dsiId,
      quantity: 250,
      paymentId,
    });
    await test.app.deps.jobs.runDue();
    const ready = await readPurchase(token, result.id);
    expect(ready.delivery).toMatchObject({ status: 'READY', rows: 250 });
    expect(ready.delivery.columns).toContain('income');

    const csv = await download(token, `/api/dataverse/purchase/${result.id}/download`);
    expect(csv.format).toBe('csv');
    expect(csv.fileName).toMatch(/^[a-z0-9-]+-250-rows\.csv$/);
    const file = await fetchFile(csv.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body.trim().split('\n');
    expect(lines).toHaveLength(251);
    const seeded = readFileSync(
      new URL('./seed-data/adult-income-synthetic.csv', import.meta.url),
      'utf8',
    )
      .trim()
      .split('\n');
    expect(lines[1]).toBe(seeded[1]);
    expect(lines[250]).toBe(seeded[250]);

    const parquet = await download(
      token,
      `/api/dataverse/purchase/${result.id}/download?format=parquet`,
    );
    const parquetFile = await fetchFile(parquet.url);
    expect(parquetFile.statusCode).toBe(200);
    const table = await readTableBytes({ bytes: parquetFile.rawPayload, format: 'parquet' });
    expect(table.rows).toHaveLength(250);
    expect(table.columns).toEqual(ready.delivery.columns);

    const byDataset = await download(token, `/api/dataset/${dataset.id}/download`);
    expect((await fetchFile(byDataset.url)).body).toBe(file.body);
  });

  it('freezes exactly the rows bought of a long file, a column typed by all its cells', async () => {
    const cities = ['València', 'Málaga', '"A Coruña, ""the city"""'];
    const lines = Array.from({ length: 10_003 }, (_, index) => {
      // The code is a number in the first 10,001 rows only: Parquet must keep it as text.
      const code = index === 10_001 ? 'n/a' : String(index).padStart(5, '0');
      const amount = index % 7 === 0 ? '' : (index / 4).toFixed(2);
      return `${String(index + 1)},${code},${amount},${cities[index % cities.length] ?? ''}`;
    });
    const source = `id,code,amount,city\n${lines.join('\n')}\n`;
    const dsiId = await publishedSource(source, lines.length);
    const { token, paymentId } = await buyer();
    const { purchase: result } = await bought(token, { dsiId, quantity: 10_002, paymentId });
    await test.app.deps.jobs.runDue();
    expect((await readPurchase(token, result.id)).delivery).toMatchObject({
      status: 'READY',
      rows: 10_002,
    });

    const csv = await download(token, `/api/dataverse/purchase/${result.id}/download`);
    const file = await fetchFile(csv.url);
    expect(file.body).toBe(`id,code,amount,city\n${lines.slice(0, 10_002).join('\n')}\n`);

    const parquet = await download(
      token,
      `/api/dataverse/purchase/${result.id}/download?format=parquet`,
    );
    const table = await readTableBytes({
      bytes: (await fetchFile(parquet.url)).rawPayload,
      format: 'parquet',
    });
    expect(table.columns).toEqual(['id', 'code', 'amount', 'city']);
    expect(table.rows).toHaveLength(10_002);
    expect(table.rows[1]).toEqual(['2', '00001', '0.25', 'Málaga']);
    expect(table.rows[2]).toEqual(['3', '00002', '0.5', 'A Coruña, "the city"']);
    expect(table.rows[7]?.[2]).toBeNull();
    expect(table.rows[10_001]).toEqual(['10002', 'n/a', '2500.25', 'A Coruña, "the city"']);
  });

  it('delivers in Parquet exactly the rows and values of the CSV', async () => {
    const cities = ['València', '"Cádiz, ""la tacita"""', '"San\nSebastián"', 'Lugo'];
    const lines = Array.from({ length: 1_200 }, (_, index) => {
      const zip = String(index * 37).padStart(5, '0');
      const account = String(9_007_199_254_740_993n + BigInt(index));
      const amount = index % 9 === 0 ? '' : (index % 2 === 0 ? -index / 8 : index / 100).toFixed(3);
      const rate = `${String(index % 10)}.5e-${String(index % 4)}`;
      return `${String(index + 1)},${zip},${account},${amount},${rate},${cities[index % cities.length] ?? ''}`;
    });
    const source = `id,zip,account,amount,rate,city\n${lines.join('\n')}\n`;
    const dsiId = await publishedSource(source, lines.length);
    const { token, paymentId } = await buyer();
    const { purchase: result } = await bought(token, { dsiId, quantity: 1_100, paymentId });
    await test.app.deps.jobs.runDue();
    expect((await readPurchase(token, result.id)).delivery).toMatchObject({ status: 'READY' });

    const fileOf = async (format: 'csv' | 'parquet') => {
      const link = await download(
        token,
        `/api/dataverse/purchase/${result.id}/download?format=${format}`,
      );
      return readTableBytes({ bytes: (await fetchFile(link.url)).rawPayload, format });
    };
    const csv = await fileOf('csv');
    const parquet = await fileOf('parquet');
    expect(parquet.columns).toEqual(csv.columns);
    expect(csv.rows).toHaveLength(1_100);
    expect(parquet.rows).toHaveLength(csv.rows.length);
    // A number stored as such is the same decimal value; everything else the same text.
    const cells = (rows: (string | null)[][]) =>
      rows.map((row) => row.map((cell) => (cell === null ? null : (decimalValue(cell) ?? cell))));
    expect(cells(parquet.rows)).toEqual(cells(csv.rows));
    // Zero-padded codes and integers past 2^53 are not rounded into other numbers.
    expect(parquet.rows[1]?.slice(1, 3)).toEqual(['00037', '9007199254740994']);
  });

  it('refuses a tampered, another purchase’s or an expired address', async () => {
    const dataset = await adultDataset();
    const first = await buyer();
    const second = await buyer();
    const a = await bought(first.token, { dsiId: dataset.dsiId, quantity: 100, ...first });
    const b = await bought(second.token, { dsiId: dataset.dsiId, quantity: 100, ...second });
    await test.app.deps.jobs.runDue();
    const link = await download(first.token, `/api/dataverse/purchase/${a.purchase.id}/download`);
    expect((await fetchFile(link.url)).statusCode).toBe(200);
    const tampered = withTamperedSignature(link.url);
    expectAppError(await fetchFile(tampered), 400, 'INVALID_TOKEN');
    const otherPurchase = link.url.replace(a.purchase.id, b.purchase.id);
    expectAppError(await fetchFile(otherPurchase), 400, 'INVALID_TOKEN');
    expectAppError(await fetchFile(link.url.replace('/csv?', '/parquet?')), 400, 'INVALID_TOKEN');
    expectAppError(await fetchFile(link.url.replace(/&signature=.*/, '')), 400, 'VALIDATION');
    test.clock.advance(16 * 60_000);
    expectAppError(await fetchFile(link.url), 400, 'INVALID_TOKEN');
  });

  it('gives no address without a paid purchase, nor for another team’s purchase', async () => {
    const dataset = await adultDataset();
    const { token, paymentId } = await buyer({ card: CARDS.declined });
    const declined = await bought(token, { dsiId: dataset.dsiId, quantity: 100, paymentId });
    await test.app.deps.jobs.runDue();
    const unpaid = await get(token, `/api/dataverse/purchase/${declined.purchase.id}/download`);
    expectAppError(unpaid, 422, 'BUSINESS_RULE');
    expect(unpaid.json()).toMatchObject({ error: { reason: 'PURCHASE_NOT_PAID' } });
    const none = await get(token, `/api/dataset/${dataset.id}/download`);
    expectAppError(none, 404, 'NOT_FOUND');
    expect(none.json()).toMatchObject({ error: { reason: 'PURCHASE_REQUIRED' } });

    const owner = await buyer();
    const paid = await bought(owner.token, { dsiId: dataset.dsiId, quantity: 100, ...owner });
    await test.app.deps.jobs.runDue();
    expectAppError(
      await get(token, `/api/dataverse/purchase/${paid.purchase.id}/download`),
      404,
      'NOT_FOUND',
    );
    expectAppError(
      await get(owner.token, `/api/dataverse/purchase/${paid.purchase.id}/download?format=xlsx`),
      400,
      'VALIDATION',
    );
  });

  it('still serves what was paid for after the seller deletes the dataset', async () => {
    const seller = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
      storage: test.app.deps.storage,
    });
    const { token, paymentId } = await buyer();
    const dsiId = await instanceOf(datasetId);
    const { purchase: result } = await bought(token, { dsiId, quantity: 1, paymentId });
    await test.app.deps.jobs.runDue();
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/dataset/${datasetId}`,
      headers: bearer(seller.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const link = await download(token, `/api/dataverse/purchase/${result.id}/download`);
    expect((await fetchFile(link.url)).body).toBe('store,quarter,sales\nMadrid,2024Q1,100\n');
  });
});
