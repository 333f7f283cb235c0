import { findRecurringPayments } from '@app/finance';
import { describe, expect, it } from 'vitest';
import type { AggregatorTransaction } from '../aggregator.js';
import { ACCOUNT_KINDS, type AccountKind } from './accounts.js';
import { generateHistory } from './history.js';

const SEED = 'req_0123456789abcdef01234567';
const ANCHOR = '2026-11-20';
const TODAY = '2026-11-25';

function transactions(kind: AccountKind, options: { seed?: string; until?: string } = {}) {
  return generateHistory({
    seed: options.seed ?? SEED,
    anchorDate: ANCHOR,
    until: options.until ?? TODAY,
  }).transactions(kind, '2000-01-01');
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

const checking = transactions('checking');
const savings = transactions('savings');
const card = transactions('card');

function matching(list: AggregatorTransaction[], pattern: RegExp): AggregatorTransaction[] {
  return list.filter((transaction) => pattern.test(transaction.description));
}

describe('generateHistory', () => {
  it('gives the same transactions for the same seed and others for another seed', () => {
    expect(transactions('checking')).toEqual(checking);
    const other = transactions('checking', { seed: 'req_fedcba9876543210fedcba98' });
    expect(other.map((item) => item.externalId)).not.toEqual(
      checking.map((item) => item.externalId),
    );
  });

  it('covers two to three years up to today, oldest first', () => {
    const first = checking[0]!.operationDate;
    const last = checking.at(-1)!.operationDate;
    expect(first <= addDays(ANCHOR, -730)).toBe(true);
    expect(first >= addDays(ANCHOR, -1_130)).toBe(true);
    expect(last <= TODAY).toBe(true);
    expect(last >= addDays(TODAY, -10)).toBe(true);
    const dates = checking.map((item) => item.operationDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it('keeps the common days identical on a refresh and adds only new days', () => {
    const earlier = '2026-09-14';
    for (const kind of ACCOUNT_KINDS) {
      const before = transactions(kind, { until: earlier });
      const after = transactions(kind);
      const common = after.filter((item) => item.operationDate <= earlier);
      expect(common).toEqual(before);
      expect(after.length).toBeGreaterThan(before.length);
    }
  });

  it('starts from since, inclusive', () => {
    const history = generateHistory({ seed: SEED, anchorDate: ANCHOR, until: TODAY });
    const recent = history.transactions('checking', '2026-06-01');
    expect(recent[0]!.operationDate >= '2026-06-01').toBe(true);
    expect(recent).toEqual(checking.filter((item) => item.operationDate >= '2026-06-01'));
  });

  it('gives every transaction a unique stable id, integer cents and a running balance', () => {
    const history = generateHistory({ seed: SEED, anchorDate: ANCHOR, until: TODAY });
    for (const kind of ACCOUNT_KINDS) {
      const list = history.transactions(kind, '2000-01-01');
      expect(new Set(list.map((item) => item.externalId)).size).toBe(list.length);
      for (let index = 1; index < list.length; index++) {
        const item = list[index]!;
        expect(Number.isInteger(item.amount)).toBe(true);
        expect(item.amount).not.toBe(0);
        expect(item.balance).toBe(list[index - 1]!.balance! + item.amount);
      }
      expect(list.at(-1)!.balance).toBe(history.balances[kind]);
    }
  });

  it('books value dates on the operation date or up to two days later', () => {
    for (const item of [...checking, ...savings, ...card]) {
      expect(item.valueDate >= item.operationDate).toBe(true);
      expect(item.valueDate <= addDays(item.operationDate, 2)).toBe(true);
    }
    expect(checking.some((item) => item.valueDate !== item.operationDate)).toBe(true);
  });

  it('has every flow of a Spanish small business', () => {
    const receipts = matching(
      checking,
      /^(TRANSFERENCIA A FAVOR DE|TRANSF\. RECIBIDA).* FRA \d{4}-\d{4}$/,
    );
    expect(receipts.length).toBeGreaterThan(200);
    expect(receipts.every((item) => item.amount > 0)).toBe(true);
    expect(matching(checking, /^(NOMINA|PAGO NOMINAS)/).length).toBeGreaterThanOrEqual(24);
    expect(
      matching(checking, /^RECIBO SEGUROS SOCIALES TGSS REGIMEN GENERAL/).length,
    ).toBeGreaterThanOrEqual(24);
    expect(matching(checking, /^RECIBO ALQUILER LOCAL/).length).toBeGreaterThanOrEqual(24);
    expect(matching(checking, /IBERDROLA|ENDESA/).length).toBeGreaterThanOrEqual(24);
    expect(matching(checking, /CANAL DE ISABEL II/).length).toBeGreaterThanOrEqual(12);
    expect(matching(checking, /MOVISTAR/).length).toBeGreaterThanOrEqual(24);
    expect(
      matching(checking, /^(TRANSFERENCIA A FAVOR DE|TRANSF\. EMITIDA A).* FACTURA /).length,
    ).toBeGreaterThan(24);
    expect(matching(card, /MERCADONA/).length).toBeGreaterThan(0);
    expect(matching(card, /AMAZON/).length).toBeGreaterThan(0);
    expect(matching(card, /EL CORTE INGLES/).length).toBeGreaterThan(0);
    expect(matching(card, /REST\.|VIPS|GOIKO|CAFETERIA/).length).toBeGreaterThan(0);
    expect(matching(card, /REPSOL/).length).toBeGreaterThan(0);
    expect(matching(card, /CEPSA/).length).toBeGreaterThan(0);
    expect(matching(card, /^COMPRA TARJ\./).length).toBeGreaterThan(0);
    expect(matching(savings, /^LIQUIDACION INTERESES/).length).toBeGreaterThan(0);
  });

  it('pays VAT and withholdings to the AEAT each quarter on the 20th (VAT of Q4 on 30 January)', () => {
    const vat = matching(checking, /^PAGO IMPUESTOS AEAT MODELO 303/);
    const withholdings = matching(checking, /^PAGO IMPUESTOS AEAT MODELO 111/);
    expect(vat.length).toBeGreaterThanOrEqual(7);
    expect(withholdings.length).toBeGreaterThanOrEqual(8);
    for (const item of withholdings) {
      const [, month, day] = item.operationDate.split('-').map(Number);
      expect([1, 4, 7, 10]).toContain(month);
      expect(day).toBeGreaterThanOrEqual(20);
      expect(day).toBeLessThanOrEqual(24);
    }
  });

  it('pays a rent and a withholding that the forecast lists as recurring, once each', () => {
    // Twelve businesses: by amount alone, supplier payments near the rent's hid it in half.
    for (let business = 0; business < 12; business += 1) {
      const history = transactions('checking', { seed: `req_business_${String(business)}` });
      const payments = findRecurringPayments(
        history.map((item) => ({
          date: item.valueDate,
          amount: item.amount,
          description: item.description,
        })),
        TODAY,
      );
      const named = (pattern: RegExp) =>
        payments.filter((payment) => pattern.test(payment.description ?? ''));
      const rents = matching(history, /^RECIBO ALQUILER LOCAL/);
      expect(named(/^RECIBO ALQUILER LOCAL/), `business ${String(business)}`).toEqual([
        expect.objectContaining({ cadence: 'monthly', amount: rents.at(-1)?.amount }),
      ]);
      const withheld = matching(history, /^PAGO IMPUESTOS AEAT MODELO 111/);
      expect(named(/^PAGO IMPUESTOS AEAT MODELO 111/), `business ${String(business)}`).toEqual([
        expect.objectContaining({ cadence: 'quarterly', lastDate: withheld.at(-1)?.valueDate }),
      ]);
    }
  });

  it('settles the card from the checking account at the start of each month', () => {
    const fromChecking = matching(
      checking,
      /^LIQUIDACION TARJETA CREDITO \d{4} \*{4} \*{4} \d{4}$/,
    );
    const onCard = matching(card, /^LIQUIDACION TARJETA CREDITO/);
    expect(fromChecking.length).toBeGreaterThanOrEqual(24);
    expect(onCard.map((item) => [item.operationDate, item.amount])).toEqual(
      fromChecking.map((item) => [item.operationDate, -item.amount]),
    );
    expect(fromChecking.every((item) => Number(item.operationDate.slice(8)) <= 5)).toBe(true);
  });

  it('moves money between the checking and savings accounts, both sides booked', () => {
    const out = matching(checking, /^TRASPASO A CTA\. AHORRO$/);
    const received = matching(savings, /^TRASPASO DESDE CTA\. CORRIENTE$/);
    expect(out.length).toBeGreaterThan(0);
    expect(received.map((item) => [item.operationDate, item.amount])).toEqual(
      out.map((item) => [item.operationDate, -item.amount]),
    );
  });

  it('charges bank fees and has noise besides the business', () => {
    const seeds = ['req_a', 'req_b', 'req_c', 'req_d'];
    const all = seeds.flatMap((seed) => transactions('checking', { seed }));
    expect(matching(all, /^COMISION MANTENIMIENTO$/).length).toBeGreaterThan(0);
    expect(matching(all, /^REINTEGRO EFECTIVO CAJERO$/).length).toBeGreaterThan(0);
  });

  it('earns a little more than it spends and keeps its balances mostly positive', () => {
    for (const seed of ['req_a', 'req_b', 'req_c', 'req_d', 'req_e', 'req_f']) {
      const list = transactions('checking', { seed }).filter(
        (item) => !item.description.startsWith('TRASPASO'),
      );
      const income = list
        .filter((item) => item.amount > 0)
        .reduce((sum, item) => sum + item.amount, 0);
      const expenses = -list
        .filter((item) => item.amount < 0)
        .reduce((sum, item) => sum + item.amount, 0);
      expect(income / expenses).toBeGreaterThan(1);
      expect(income / expenses).toBeLessThan(1.3);
      const negative = list.filter((item) => item.balance! < 0).length;
      expect(negative / list.length).toBeLessThan(0.05);
    }
  });

  it('has more revenue in December than in August', () => {
    const receiptsIn = (month: string) =>
      matching(checking, / FRA \d{4}-\d{4}$/)
        .filter((item) => item.operationDate.slice(5, 7) === month)
        .reduce((sum, item) => sum + item.amount, 0);
    expect(receiptsIn('12')).toBeGreaterThan(receiptsIn('08'));
  });

  it('refuses dates that are not ISO days', () => {
    expect(() => generateHistory({ seed: SEED, anchorDate: '2026-02-30', until: TODAY })).toThrow(
      RangeError,
    );
  });
});
