import { createCategorizer } from '@app/finance';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceContent } from '../../modules/billing/invoice-pdf.js';
import { readPdfText } from '../../test/pdf-text.js';
import { AppError } from '../errors.js';
import { CpuPool } from './cpu-pool.js';

const SENTENCE = 'The applicant, Mr John Smith, lives in Madrid and wrote to john@example.com. ';

describe('CpuPool', () => {
  const pool = new CpuPool({ maxThreads: 1, maxQueue: 1 });
  afterEach(() => pool.close());

  it('runs a task in a worker thread and answers the engine’s own errors as data', async () => {
    const outcome = await pool.run('anonymizeText', { text: SENTENCE, mode: 'text' });
    expect(outcome).toMatchObject({ ok: true, value: { findings: { EMAIL: 1 } } });
    expect(outcome.ok && outcome.value.text).not.toContain('Smith');
    expect(await pool.run('anonymizeText', { text: '<p>Mr Smith</p>', mode: 'text' })).toEqual({
      ok: false,
      code: 'NOT_PLAIN_TEXT',
      message: 'The text is not in plain format',
    });
    const statement = new TextEncoder().encode('just some words\nnothing like a statement\n');
    expect(await pool.run('readStatement', { data: statement })).toMatchObject({ ok: false });
  });

  it('finds the recurring payments of several accounts, in euros, in a worker thread', async () => {
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
    // A dollar card settled from the euro account: 550 $ are 500 € at 1,10 $ per euro.
    const movements = months.flatMap((month) => [
      ['checking', `${month}-01`, -120_000, 'RECIBO ALQUILER', 'EUR'],
      ['checking', `${month}-02`, -50_000, 'LIQUIDACION', 'EUR'],
      ['card', `${month}-02`, 55_000, 'LIQUIDACION', 'USD'],
    ]);
    const payments = await pool.run('listRecurringPayments', {
      movements: JSON.stringify(movements),
      rates: { source: 'snapshot', date: '2026-11-19', rates: { USD: 1.1 } },
      endDate: '2026-11-20',
    });
    expect(payments).toEqual([
      expect.objectContaining({
        cadence: 'monthly',
        amount: -120_000,
        nextDate: '2026-12-01',
        description: 'RECIBO ALQUILER',
      }),
    ]);
  });

  it('answers which descriptions of one direction a team’s corrections decide, in a worker thread', async () => {
    const categorizer = createCategorizer();
    const corrections = categorizer.learn({
      description: 'COMPRA TARJ. MERCADONA MADRID',
      amount: -8_450,
      categoryId: 1204,
    });
    const descriptions = JSON.stringify([
      'COMPRA TARJ. MERCADONA VALENCIA',
      'RECIBO ALQUILER LOCAL',
      'COMPRA TARJ. MERCADONA MADRID',
    ]);
    const outgoing = await pool.run('categorizeByCorrections', {
      corrections,
      descriptions,
      isIncome: false,
    });
    expect(outgoing.map(({ description, categoryId }) => [description, categoryId])).toEqual([
      ['COMPRA TARJ. MERCADONA VALENCIA', 1204],
      ['COMPRA TARJ. MERCADONA MADRID', 1204],
    ]);
    expect(
      await pool.run('categorizeByCorrections', { corrections, descriptions, isIncome: true }),
    ).toEqual([]);
  });

  it('draws an invoice PDF in a worker thread, names outside the standard fonts as "?"', async () => {
    const content: InvoiceContent = {
      seller: 'Neuron Platform S.L.',
      sellerLines: ['NIF B12345674', 'Calle de Alcalá 1, 28014 Madrid, España'],
      title: 'Neuron Platform invoice 2026-000001',
      heading: [
        ['Invoice', '2026-000001'],
        ['Status', 'paid'],
      ],
      customerLabel: 'Billed to',
      customer: ['Ελληνικά 株式会社 Ñandú', 'NIF B12345678'],
      items: [['Basic (monthly)', '29,00 €']],
      totals: [['Total', '35,09 €']],
      notes: [],
    };
    const pdf = await pool.run('renderInvoicePdf', content);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await readPdfText(pdf);
    expect(text).toEqual(
      expect.arrayContaining(['2026-000001', '???????? ???? Ñandú', 'Basic (monthly)', 'Total']),
    );
  });

  it('refuses a task with BUSY once the queue is full, and runs the rest', async () => {
    const text = SENTENCE.repeat(2000);
    const running = pool.run('anonymizeText', { text, mode: 'text' });
    const waiting = pool.run('anonymizeText', { text, mode: 'text' });
    await expect(pool.run('anonymizeText', { text, mode: 'text' })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'BUSY',
    );
    expect((await running).ok).toBe(true);
    expect((await waiting).ok).toBe(true);
  });
});
