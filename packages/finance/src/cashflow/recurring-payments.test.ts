import { describe, expect, it } from 'vitest';
import * as finance from '../index.js';
import type { DailyAmount, Transaction } from '../types.js';
import { formatIsoDay, parseIsoDay } from './dates.js';
import {
  describeCadence,
  findRecurringPayments,
  type RecurringPayment,
} from './recurring-payments.js';

function everyDays(from: string, step: number, count: number, amount: number): DailyAmount[] {
  const start = parseIsoDay(from, 'from');
  return Array.from({ length: count }, (_, index) => ({
    date: formatIsoDay(start + index * step),
    amount,
  }));
}

function monthlyOn(day: number, months: readonly string[], amount: number): DailyAmount[] {
  return months.map((month) => ({ date: `${month}-${String(day).padStart(2, '0')}`, amount }));
}

const MONTHS_2024 = Array.from(
  { length: 12 },
  (_, index) => `2024-${String(index + 1).padStart(2, '0')}`,
);

describe('findRecurringPayments', () => {
  it('lists weekly, fortnightly, monthly, quarterly and yearly series with their next date', () => {
    const history = [
      // Mondays from 2024-01-01.
      ...everyDays('2024-01-01', 7, 52, -2_500),
      // Fridays, every other week, from 2024-01-05.
      ...everyDays('2024-01-05', 14, 26, 90_000),
      ...monthlyOn(10, MONTHS_2024, -4_599),
      ...monthlyOn(
        15,
        MONTHS_2024.filter((_, index) => index % 3 === 1),
        -30_000,
      ),
      { date: '2022-03-20', amount: -12_000 },
      { date: '2023-03-20', amount: -12_000 },
      { date: '2024-03-20', amount: -12_000 },
    ];
    const payments = findRecurringPayments(history, '2024-12-31');
    expect(
      payments.map(({ cadence, amount, nextDate }) => ({ cadence, amount, nextDate })),
    ).toEqual([
      { cadence: 'biweekly', amount: 90_000, nextDate: '2025-01-03' },
      { cadence: 'weekly', amount: -2_500, nextDate: '2025-01-06' },
      { cadence: 'monthly', amount: -4_599, nextDate: '2025-01-10' },
      { cadence: 'quarterly', amount: -30_000, nextDate: '2025-02-15' },
      { cadence: 'yearly', amount: -12_000, nextDate: '2025-03-20' },
    ]);
    expect(payments.find((payment) => payment.cadence === 'monthly')).toEqual({
      cadence: 'monthly',
      amount: -4_599,
      nextDate: '2025-01-10',
      lastDate: '2024-12-10',
      occurrences: 12,
    });
  });

  it('names a series by the description its transactions share', () => {
    const transactions: Transaction[] = monthlyOn(3, MONTHS_2024.slice(0, 6), -1_299).map(
      ({ date, amount }, index) => ({
        txAmount: amount,
        txBalance: null,
        txDescription: index === 2 ? 'NETFLIX.COM 03/03' : 'NETFLIX.COM',
        txValueDate: date,
        txOperationDate: date,
      }),
    );
    expect(findRecurringPayments(transactions, '2024-06-30')).toEqual([
      {
        cadence: 'monthly',
        amount: -1_299,
        nextDate: '2024-07-03',
        lastDate: '2024-06-03',
        occurrences: 6,
        description: 'NETFLIX.COM',
      },
    ]);
  });

  it('finds a payee’s monthly payment among other payments of about its amount', () => {
    const monthNames = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO'];
    monthNames.push('AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE');
    const history: Transaction[] = [];
    const add = (date: string, amount: number, description: string) =>
      history.push({
        txAmount: amount,
        txBalance: null,
        txDescription: description,
        txValueDate: date,
        txOperationDate: date,
      });
    ['2024', '2025'].forEach((year, yearIndex) => {
      monthNames.forEach((name, month) => {
        const yearMonth = `${year}-${String(month + 1).padStart(2, '0')}`;
        // The rent goes out on a working day from the 1st to the 7th, and names its month.
        const rentDay = [2, 4, 1, 7, 5, 3][(month + yearIndex) % 6] ?? 1;
        add(`${yearMonth}-0${String(rentDay)}`, -231_817, `RECIBO ALQUILER LOCAL ${name} ${year}`);
        // Suppliers paid within 20 % of the rent, at any time of the month.
        [3, 9, 16, 24].forEach((day, index) => {
          const amount = -(190_000 + ((month * 7 + index * 13 + yearIndex * 5) % 9) * 10_000);
          add(
            `${yearMonth}-${String(day + ((month + index) % 4)).padStart(2, '0')}`,
            amount,
            `TRANSFERENCIA A FAVOR DE PROVEEDOR ${String(index)} FACTURA ${String(month)}`,
          );
        });
      });
    });
    const rent = findRecurringPayments(history, '2025-12-31').filter(
      (payment) => payment.amount === -231_817,
    );
    expect(rent).toEqual([
      {
        cadence: 'monthly',
        amount: -231_817,
        nextDate: expect.stringMatching(/^2026-01-0[1-7]$/) as string,
        lastDate: '2025-12-02',
        occurrences: 24,
        description: 'RECIBO ALQUILER LOCAL DICIEMBRE 2025',
      },
    ]);
  });

  it('keeps a payee’s quarterly tax whose amount moves by a third in one series', () => {
    const withheld = [887_486, 887_487, 1_183_315, 915_393, 1_220_523, 915_393, 1_220_523, 930_372];
    const quarters = ['2024-07-22', '2024-10-21', '2025-01-20', '2025-04-21'];
    quarters.push('2025-07-21', '2025-10-20', '2026-01-20', '2026-04-20');
    const history: Transaction[] = quarters.map((date, index) => ({
      txAmount: -(withheld[index] ?? 0),
      txBalance: null,
      txDescription: `PAGO IMPUESTOS AEAT MODELO 111 RETENCIONES ${String((index + 1) % 4 || 4)}T`,
      txValueDate: date,
      txOperationDate: date,
    }));
    // A supplier paid on the day of the last quarter, closer to the quarter before it.
    history.push({
      txAmount: -1_132_098,
      txBalance: null,
      txDescription: 'TRANSF. EMITIDA A PAPELERIA TECNICA SL CONCEPTO FACTURA 26/2918',
      txValueDate: '2026-04-20',
      txOperationDate: '2026-04-20',
    });
    expect(findRecurringPayments(history, '2026-06-30')).toEqual([
      {
        cadence: 'quarterly',
        // The median of the last three quarters, not the supplier's 11.320,98 €.
        amount: -930_372,
        nextDate: '2026-07-21',
        lastDate: '2026-04-20',
        occurrences: 8,
        description: 'PAGO IMPUESTOS AEAT MODELO 111 RETENCIONES 4T',
      },
    ]);
  });

  it('leaves out a series that stopped, and movements after the end date', () => {
    const stopped = monthlyOn(5, MONTHS_2024.slice(0, 5), -5_000);
    const afterEnd = monthlyOn(20, MONTHS_2024.slice(8), -7_000);
    expect(findRecurringPayments([...stopped, ...afterEnd], '2024-10-31')).toEqual([]);
    expect(findRecurringPayments([], '2024-10-31')).toEqual([]);
  });

  it('leaves out the transfers between the accounts of the history', () => {
    const settled = [-180_000, -210_050, -195_500, -202_000, -188_800, -199_990];
    const months = MONTHS_2024.slice(0, 6);
    const settlements = months.map((month, index) => ({
      date: `${month}-02`,
      amount: settled[index] ?? 0,
      description: 'LIQUIDACION TARJETA CREDITO',
    }));
    const history = [
      ...settlements.map((item) => ({ ...item, account: 'checking' })),
      ...settlements.map((item) => ({ ...item, amount: -item.amount, account: 'card' })),
      ...monthlyOn(1, months, -120_000).map((item) => ({
        ...item,
        description: 'RECIBO ALQUILER LOCAL',
        account: 'checking',
      })),
    ];
    const listed = (payments: RecurringPayment[]) =>
      payments.map((payment) => [payment.description, payment.amount]);
    expect(listed(findRecurringPayments(history, '2024-06-30'))).toEqual([
      ['RECIBO ALQUILER LOCAL', -120_000],
    ]);
    // Without the accounts, nothing tells the two sides of the settlement from payments.
    const unnamed = history.map(({ date, amount, description }) => ({ date, amount, description }));
    expect(listed(findRecurringPayments(unnamed, '2024-06-30'))).toEqual([
      ['RECIBO ALQUILER LOCAL', -120_000],
      ['LIQUIDACION TARJETA CREDITO', -199_990],
      ['LIQUIDACION TARJETA CREDITO', 199_990],
    ]);
  });

  it('takes the history in any order', () => {
    const history = monthlyOn(12, MONTHS_2024.slice(0, 8), 150_000).reverse();
    expect(findRecurringPayments(history, '2024-08-31')[0]).toMatchObject({
      cadence: 'monthly',
      nextDate: '2024-09-12',
    });
  });
});

describe('describeCadence', () => {
  it.each([
    [{ unit: 'day', origin: 0, step: 7 }, 'weekly'],
    [{ unit: 'day', origin: 0, step: 14 }, 'biweekly'],
    [{ unit: 'month', origin: 0, step: 1, day: 1, fromEnd: false }, 'monthly'],
    [{ unit: 'month', origin: 0, step: 3, day: 1, fromEnd: false }, 'quarterly'],
    [{ unit: 'month', origin: 0, step: 12, day: 1, fromEnd: false }, 'yearly'],
  ] as const)('names %o %s', (schedule, cadence) => {
    expect(describeCadence(schedule)).toBe(cadence);
  });
});

describe('the package index', () => {
  it('exports recurring-series detection for callers outside the engine', () => {
    expect(typeof finance.detectRecurring).toBe('function');
    expect(typeof finance.listOccurrences).toBe('function');
    expect(typeof finance.findRecurringPayments).toBe('function');
    const movements = finance.readMovements(monthlyOn(1, MONTHS_2024, -800), 'history');
    const [series] = finance.detectRecurring(movements, finance.parseIsoDay('2024-12-31', 'end'));
    expect(series && finance.describeCadence(series.schedule)).toBe('monthly');
  });
});
