import { describe, expect, it } from 'vitest';
import { parseStatement } from './parse-statement.js';

function parseCsv(lines: readonly string[]) {
  return parseStatement({ data: new TextEncoder().encode(lines.join('\n')) });
}

function amountsOf(result: ReturnType<typeof parseCsv>): [string, number][] {
  return result.transactions.map((transaction) => [
    transaction.txDescription,
    transaction.txAmount,
  ]);
}

describe('parseStatement: debit and credit columns named by their sign', () => {
  it.each([
    ['Expenses (-)', 'Income (+)'],
    ['Gastos (-)', 'Ingresos (+)'],
    ['Debit (-)', 'Credit (+)'],
    ['Cargos', 'Abonos'],
    ['Importe (-)', 'Importe (+)'],
  ])('reads %s as money out beside %s', (debitHeader, creditHeader) => {
    const result = parseCsv([
      `Date;Description;${debitHeader};${creditHeader};Balance`,
      '03/01/2024;GROCERY;45,20;;954,80',
      '05/01/2024;SALARY;;1.500,00;2.454,80',
      '07/01/2024;RENT;800,00;;1.654,80',
    ]);
    expect(result.errors).toEqual([]);
    expect(result.layout.amountRule).toBe('debit-credit');
    expect(amountsOf(result)).toEqual([
      ['GROCERY', -4520],
      ['SALARY', 150000],
      ['RENT', -80000],
    ]);
    expect(result.balanceCheck.status).toBe('ok');
  });

  it('reads debits written with their minus sign under an "Expenses (-)" header', () => {
    const result = parseCsv([
      'Date,Description,Expenses (-),Income (+)',
      '2024-01-03,GROCERY,-45.20,',
      '2024-01-05,SALARY,,1500.00',
    ]);
    expect(amountsOf(result)).toEqual([
      ['GROCERY', -4520],
      ['SALARY', 150000],
    ]);
  });
});

describe('parseStatement: payment-service exports with gross, fee and net amounts', () => {
  const PAYPAL_HEADER =
    '"Date","Time","Name","Type","Status","Currency","Gross","Fee","Net","Balance"';

  it('reads the net amount and leaves out payments that did not complete', () => {
    const result = parseCsv([
      PAYPAL_HEADER,
      '"01/02/2024","10:00:00","Acme Ltd","Payment","Completed","EUR","100.00","-3.20","96.80","96.80"',
      '"02/02/2024","11:00:00","Bob","Payment","Pending","EUR","50.00","-1.75","48.25","96.80"',
      '"03/02/2024","12:00:00","Shop","Checkout","Completed","EUR","-20.00","0.00","-20.00","76.80"',
      '"04/02/2024","09:00:00","Carol","Payment","Reversed","EUR","10.00","-0.50","9.50","76.80"',
    ]);
    expect(result.errors).toEqual([]);
    expect(amountsOf(result)).toEqual([
      ['Acme Ltd', 9680],
      ['Shop', -2000],
    ]);
    expect(result.skipped.map((skipped) => skipped.reason)).toEqual([
      'not-completed',
      'not-completed',
    ]);
    expect(result.layout.columns.find((column) => column.header === 'Net')?.role).toBe('amount');
    expect(result.balanceCheck.status).toBe('ok');
  });

  it('reads the gross amount plus a negative fee when there is no net column', () => {
    const result = parseCsv([
      'Date,Name,Status,Gross,Fee',
      '01/02/2024,Acme Ltd,Completed,100.00,-3.20',
      '02/02/2024,Bob,Completed,20.00,-0.60',
      '03/02/2024,Refund,Completed,-20.00,0.60',
    ]);
    expect(amountsOf(result)).toEqual([
      ['Acme Ltd', 9680],
      ['Bob', 1940],
      ['Refund', -1940],
    ]);
  });

  it('takes a fee written positive off the gross amount', () => {
    const result = parseCsv([
      'Created,Description,Gross Amount,Fee',
      '2024-02-01,Charge A,100.00,3.20',
      '2024-02-02,Charge B,50.00,1.75',
    ]);
    expect(amountsOf(result)).toEqual([
      ['Charge A', 9680],
      ['Charge B', 4825],
    ]);
  });

  it('reads the net amount of a Stripe-like export whose gross column is plain "Amount"', () => {
    const result = parseCsv([
      'id,Type,Description,Amount,Fee,Net,Currency,Created',
      'txn_1,charge,Order 1,100.00,3.20,96.80,eur,2024-02-01 10:00',
      'txn_2,refund,Order 1,-100.00,0.00,-100.00,eur,2024-02-03 10:00',
    ]);
    expect(result.transactions.map((transaction) => transaction.txAmount)).toEqual([9680, -10000]);
  });

  it('leaves a fee beside a plain signed amount out of the amount, as bank exports mean it', () => {
    const result = parseCsv([
      'Type,Started Date,Description,Amount,Fee,Currency,State,Balance',
      'CARD_PAYMENT,2025-03-01 16:45:00,Online Store,-50.25,0.15,EUR,COMPLETED,689.60',
    ]);
    expect(result.transactions.map((transaction) => transaction.txAmount)).toEqual([-5025]);
  });
});

describe('parseStatement: a table without a header that has two date columns', () => {
  it('reads the first date as the operation date and the second as the value date', () => {
    const result = parseCsv([
      '03/01/2024;05/01/2024;TRANSFER ACME;-120,50;1.234,00',
      '04/01/2024;02/01/2024;CARD SHOP;-10,00;1.224,00',
      '15/01/2024;16/01/2024;SALARY;1.500,00;2.724,00',
    ]);
    expect(result.layout.mapping).toMatchObject({
      headerRow: null,
      operationDate: 0,
      valueDate: 1,
      amount: 3,
    });
    expect(
      result.transactions.map((transaction) => [
        transaction.txOperationDate,
        transaction.txValueDate,
        transaction.txAmount,
      ]),
    ).toEqual([
      ['2024-01-03', '2024-01-05', -12050],
      ['2024-01-04', '2024-01-02', -1000],
      ['2024-01-15', '2024-01-16', 150000],
    ]);
  });
});
