import { describe, expect, it } from 'vitest';
import {
  buildCompoundFile,
  buildDeclaredZipBomb,
  buildLyingZipBomb,
  buildWorkbook,
  buildZip,
} from '../testing/statement-files.js';
import { parseStatement } from './parse-statement.js';
import { StatementImportError, UNSUPPORTED_FORMAT_MESSAGE } from './statement-import-error.js';
import type { ParseStatementOptions, StatementLimits } from './statement-types.js';

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function parseCsv(text: string, options: Omit<ParseStatementOptions, 'data'> = {}) {
  return parseStatement({ data: encode(text), ...options });
}

function catchImportError(run: () => unknown): StatementImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementImportError) return error;
    throw error;
  }
  throw new Error('expected a StatementImportError');
}

function expectImportError(
  data: Uint8Array,
  code: string,
  limits?: Partial<StatementLimits>,
): StatementImportError {
  const error = catchImportError(() => parseStatement({ data, limits }));
  expect(error.code).toBe(code);
  return error;
}

const SPANISH_CSV = [
  'Fecha;Concepto;Importe;Saldo',
  '03/11/2025;Farmacia;-55,00;-55,00',
  '04/11/2025;Nómina;1.500,00;1.445,00',
  '07/11/2025;Supermercado;-45,00;1.400,00',
].join('\n');

describe('parseStatement: what it refuses', () => {
  it.each([
    ['a PDF', encode('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
    ['a PNG image', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['binary data', new Uint8Array([1, 2, 3, 0, 0, 0, 255, 254, 7, 8])],
    [
      'a Word document (zip)',
      buildZip([{ name: 'word/document.xml', data: encode('<w:document/>') }]),
    ],
    ['a Word document (OLE)', buildCompoundFile([{ name: 'WordDocument', data: encode('hello') }])],
    ['plain prose', encode('Dear customer\nthank you for banking with us.\n')],
    ['an HTML page without a table', encode('<html><body><p>Hello</p></body></html>')],
  ])('refuses %s with the spec message', (_, data) => {
    const error = expectImportError(data, 'unsupported-format');
    expect(error.message).toBe(UNSUPPORTED_FORMAT_MESSAGE);
    expect(error.message).toBe('Only Excel and CSV files are supported');
  });

  it('refuses a password-protected Excel file', () => {
    const data = buildCompoundFile([
      { name: 'EncryptionInfo', data: encode('x') },
      { name: 'EncryptedPackage', data: encode('y') },
    ]);
    expectImportError(data, 'encrypted-file');
  });

  it.each([
    ['no bytes at all', new Uint8Array()],
    ['only blank lines', encode('\n\r\n  \n')],
    ['a workbook with empty sheets', buildWorkbook([{ name: 'Hoja1', rows: [] }])],
  ])('refuses an empty file: %s', (_, data) => {
    expectImportError(data, 'empty-file');
  });

  it('refuses a file without a table of dates and amounts', () => {
    const error = expectImportError(encode('name,city\nAna,Madrid\nLuis,Bilbao\n'), 'no-table');
    expect(error.message).toMatch(/No table of transactions/);
  });

  it('refuses a file larger than the byte limit', () => {
    expectImportError(encode(SPANISH_CSV), 'file-too-large', { maxBytes: 50 });
  });

  it.each([
    ['CSV', (rows: string[]) => encode(rows.join('\n'))],
    [
      'xlsx',
      (rows: string[]) =>
        buildWorkbook([{ name: 'Hoja1', rows: rows.map((row) => row.split(';')) }]),
    ],
    [
      'HTML',
      (rows: string[]) =>
        encode(
          `<table>${rows.map((row) => `<tr><td>${row.split(';').join('</td><td>')}</td></tr>`).join('')}</table>`,
        ),
    ],
  ])('refuses a %s file with more rows than the limit', (_, build) => {
    const rows = [
      'Fecha;Concepto;Importe',
      ...Array.from({ length: 30 }, (_, index) => `01/01/2025;Compra ${String(index)};-1,00`),
    ];
    const error = expectImportError(build(rows), 'too-many-rows', { maxRows: 20 });
    expect(error.message).toMatch(/more than 20 rows/);
    expect(
      parseStatement({ data: build(rows), limits: { maxRows: 40 } }).transactions,
    ).toHaveLength(30);
  });

  it('refuses a row with more columns than the limit', () => {
    expectImportError(encode(`Fecha;Importe\n01/01/2025;${';'.repeat(600)}`), 'too-many-columns');
  });

  it('refuses a zip bomb whose headers understate what it unpacks to', () => {
    expectImportError(buildLyingZipBomb(4 * 1024 * 1024), 'unreadable-file');
  });

  it('refuses a zip that declares more unpacked bytes than the limit', () => {
    expectImportError(buildDeclaredZipBomb(500 * 1024 * 1024), 'file-too-large');
  });

  it('refuses a damaged .xlsx', () => {
    const data = buildWorkbook([{ name: 'Hoja1', rows: [['Fecha', 'Importe']] }]);
    expectImportError(data.subarray(0, data.length - 40), 'unreadable-file');
  });

  it('refuses a CSV whose quoted field never closes', () => {
    const rows = [
      'Fecha;Concepto;Importe',
      '01/01/2025;Pan;-1,00',
      '02/01/2025;Leche;-2,00',
      '03/01/2025;"Compra;-1,00',
      '04/01/2025;x;-2,00',
    ];
    const error = expectImportError(encode(rows.join('\n')), 'unreadable-file');
    expect(error.message).toMatch(/row 4/);
  });

  // Sizes at which a scan that goes back over the text (a tag running on to the next `>` from
  // every `<`, a pass over the rows per row) takes minutes, well past the test's timeout, where
  // the linear scan takes a fraction of a second.
  it.each([
    ['tags that never close', `<table>${'<td a="'.repeat(200_000)}`, 'empty-file'],
    ['a hundred thousand one-cell rows', `<table>${'<tr><td>1'.repeat(100_000)}`, 'no-table'],
  ])('turns hostile HTML (%s) away in one pass', (_, html, code) => {
    expectImportError(encode(html), code);
  });
});

describe('parseStatement: rows it cannot read', () => {
  it('reports every unreadable row with its number and reason, and imports the others', () => {
    const result = parseCsv(
      [
        'Fecha;Concepto;Importe;Saldo',
        '03/11/2025;Farmacia;-55,00;-55,00',
        '31/02/2025;Fecha imposible;-1,00;-56,00',
        '05/11/2025;Importe roto;12,3,4;-56,00',
        '06/11/2025;Sin importe;;-56,00',
        ';Sin fecha;-3,00;-59,00',
        '07/11/2025;Saldo roto;-1,00;mucho',
        '08/11/2025;Supermercado;-45,00;-101,00',
      ].join('\n'),
    );
    expect(result.transactions.map((transaction) => transaction.row)).toEqual([2, 8]);
    expect(result.errors).toEqual([
      { row: 3, code: 'invalid-date', reason: "unreadable date '31/02/2025' in 'Fecha'" },
      {
        row: 4,
        code: 'invalid-amount',
        reason: "unreadable amount '12,3,4' in 'Importe' (misplaced thousands separator)",
      },
      { row: 5, code: 'missing-amount', reason: "no amount in 'Importe'" },
      { row: 6, code: 'missing-date', reason: "no date in 'Fecha'" },
      {
        row: 7,
        code: 'invalid-balance',
        reason: "unreadable amount 'mucho' in 'Saldo' (not a number)",
      },
    ]);
  });

  it('reports an unknown debit/credit flag', () => {
    const result = parseCsv(
      'Date,Details,Amount,D/K\n2025-01-01,Shop,10.00,D\n2025-01-02,Salary,99.00,K\n2025-01-03,Bar,1.00,D\n2025-01-04,Taxi,2.00,D\n2025-01-05,Odd,5.00,X\n',
    );
    expect(result.transactions.map((transaction) => transaction.txAmount)).toEqual([
      -1000, 9900, -100, -200,
    ]);
    expect(result.errors).toEqual([
      { row: 6, code: 'invalid-amount', reason: "unknown debit/credit flag 'X' in 'D/K'" },
    ]);
  });
});

describe('parseStatement: reading statements', () => {
  it('reads a Spanish CSV into cents, dates and descriptions, with its layout', () => {
    const result = parseCsv(SPANISH_CSV);
    expect(result.transactions[1]).toEqual({
      txAmount: 150000,
      txBalance: 144500,
      txDescription: 'Nómina',
      txValueDate: '2025-11-04',
      txOperationDate: '2025-11-04',
      row: 3,
    });
    expect(result.layout).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      amountRule: 'signed',
      mapping: {
        headerRow: 1,
        operationDate: 0,
        description: [1],
        amount: 2,
        balance: 3,
        dateOrder: 'DMY',
        decimalSeparator: ',',
      },
      confidence: 1,
    });
    expect(result.balanceCheck).toMatchObject({
      status: 'ok',
      order: 'ascending',
      openingBalance: 0,
      closingBalance: 140000,
    });
  });

  it('reads Windows-1252 text', () => {
    const bytes = Uint8Array.from([
      ...encode('Fecha;Concepto;Importe\n01/01/2025;Compa'),
      0xf1,
      ...encode('ia;-1,00\n'),
    ]);
    const result = parseStatement({ data: bytes });
    expect(result.layout.encoding).toBe('windows-1252');
    expect(result.transactions[0]?.txDescription).toBe('Compañia');
  });

  it('reads UTF-16 tab-separated text', () => {
    const text = 'Date\tDescription\tAmount\n2025-01-02\tCafé\t-3.50\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const result = parseStatement({ data: bytes });
    expect(result.layout).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(result.transactions[0]).toMatchObject({ txAmount: -350, txDescription: 'Café' });
  });

  it('reads English month-first dates and separate debit and credit columns', () => {
    const result = parseCsv(
      [
        'Transaction Date,Posted Date,Description,Debit,Credit,Balance',
        '12/30/2025,12/31/2025,Coffee,"1,004.50",,995.50',
        '12/31/2025,01/02/2026,Refund,,4.50,"1,000.00"',
      ].join('\n'),
    );
    expect(result.layout.mapping).toMatchObject({
      dateOrder: 'MDY',
      decimalSeparator: '.',
      debit: 3,
      credit: 4,
    });
    expect(result.layout.isDateOrderCertain).toBe(true);
    expect(result.layout.amountRule).toBe('debit-credit');
    expect(result.transactions).toMatchObject([
      { txAmount: -100450, txOperationDate: '2025-12-30', txValueDate: '2025-12-31' },
      { txAmount: 450, txOperationDate: '2025-12-31', txValueDate: '2026-01-02' },
    ]);
    expect(result.balanceCheck.status).toBe('ok');
  });

  it('says when the dates never showed whether the day or the month comes first', () => {
    expect(parseCsv('Fecha;Concepto;Importe\n01/02/2025;a;-1,00\n').layout.isDateOrderCertain).toBe(
      false,
    );
  });

  it('finds the transactions sheet among several and reads date cells of .xls files', () => {
    const data = buildWorkbook(
      [
        {
          name: 'Resumen',
          rows: [
            ['Cuenta', 'ES00 0000'],
            ['Titular', 'Ana'],
          ],
        },
        {
          name: 'Movimientos',
          rows: [
            ['Movimientos de la cuenta'],
            [],
            ['F. Operativa', 'Concepto', 'Importe', 'Saldo'],
            [new Date(Date.UTC(2025, 10, 3)), 'Farmacia', -55, 45],
            [new Date(Date.UTC(2025, 10, 4)), 'Nómina', 1500.5, 1545.5],
          ],
        },
      ],
      'biff8',
    );
    const result = parseStatement({ data });
    expect(result.layout).toMatchObject({
      format: 'xls',
      sheetNames: ['Resumen', 'Movimientos'],
      sheet: 'Movimientos',
    });
    expect(result.layout.mapping.headerRow).toBe(3);
    expect(result.transactions).toMatchObject([
      { txOperationDate: '2025-11-03', txAmount: -5500, txBalance: 4500 },
      { txOperationDate: '2025-11-04', txAmount: 150050, txBalance: 154550 },
    ]);
  });

  it('reads a SpreadsheetML 2003 file saved as .xls', () => {
    const data = buildWorkbook(
      [
        {
          name: 'Hoja1',
          rows: [
            ['Fecha', 'Concepto', 'Importe'],
            ['01/01/2025', 'Pan', -1.5],
          ],
        },
      ],
      'xlml',
    );
    const result = parseStatement({ data });
    expect(result.layout.format).toBe('spreadsheetml');
    expect(result.transactions).toMatchObject([{ txOperationDate: '2025-01-01', txAmount: -150 }]);
  });

  it('reads an HTML table saved as .xls, entities and column spans included', () => {
    const html = `<html><body><table>
      <tr><td colspan="3">Movimientos &amp; saldos</td></tr>
      <tr><th>Fecha</th><th>Concepto</th><th>Importe</th></tr>
      <tr><td>01/11/2025</td><td>Caf&eacute; &lt;Sol&gt;</td><td>-2,50</td></tr>
      <tr><td />
    </table></body></html>`;
    const result = parseStatement({ data: encode(html) });
    expect(result.layout.format).toBe('html');
    expect(result.transactions).toMatchObject([{ txDescription: 'Café <Sol>', txAmount: -250 }]);
  });

  it('reads a table without a header row from its data', () => {
    const result = parseCsv(
      '03/11/2025;FARMACIA CENTRAL;-55,00\n04/11/2025;NOMINA ACME SL;1.500,00\n',
    );
    expect(result.layout.mapping).toMatchObject({
      headerRow: null,
      operationDate: 0,
      amount: 2,
      description: [1],
    });
    expect(result.layout.confidence).toBeLessThan(1);
    expect(result.transactions.map((transaction) => transaction.txAmount)).toEqual([-5500, 150000]);
  });

  it('skips repeated headers, total lines, and payments that did not go through', () => {
    const result = parseCsv(
      [
        'Date,Description,Amount,State',
        '2025-01-01,Shop,-10.00,COMPLETED',
        'Date,Description,Amount,State',
        '2025-01-02,Declined shop,-99.00,DECLINED',
        '2025-01-03,Taxi,-5.00,COMPLETED',
        ',Total,-15.00,',
      ].join('\n'),
    );
    expect(result.transactions.map((transaction) => transaction.txAmount)).toEqual([-1000, -500]);
    expect(result.skipped.map((skipped) => [skipped.row, skipped.reason])).toEqual([
      [3, 'repeated-header'],
      [4, 'not-completed'],
      [6, 'summary'],
    ]);
    expect(result.errors).toEqual([]);
  });

  it('reads quotes escaped with backslashes', () => {
    const result = parseCsv(
      'Date,Payee,Amount\n2025-01-01,"ACME \\"BIG\\" CO",-1.00\n2025-01-02,"SLASH \\\\",-2.00\n',
    );
    expect(result.transactions.map((transaction) => transaction.txDescription)).toEqual([
      'ACME "BIG" CO',
      'SLASH \\',
    ]);
  });

  it('flags descriptions that a spreadsheet would run as formulas', () => {
    const result = parseCsv(
      'Fecha;Concepto;Importe\n01/01/2025;=HYPERLINK("http://x");-1,00\n02/01/2025;Normal;-1,00\n',
    );
    expect(result.transactions[0]?.txDescription).toBe('=HYPERLINK("http://x")');
    expect(result.warnings).toEqual([
      { row: 2, code: 'formula-like-text', reason: expect.stringContaining('formula') as string },
    ]);
  });

  it('reports a balance that does not follow from the amounts', () => {
    const result = parseCsv(
      'Fecha;Concepto;Importe;Saldo\n01/01/2025;a;-10,00;90,00\n02/01/2025;b;-10,00;75,00\n03/01/2025;c;-5,00;70,00\n',
    );
    expect(result.balanceCheck).toMatchObject({
      status: 'mismatch',
      mismatchCount: 1,
      mismatches: [{ row: 3, expected: 8000, actual: 7500 }],
    });
  });
});

describe('parseStatement: an explicit mapping', () => {
  const headerless = '01/02/2025;-10,00;Coffee;02/02/2025\n03/02/2025;20,00;Refund;04/02/2025\n';

  it('reads the columns it names instead of the detected ones', () => {
    const result = parseCsv(headerless, {
      mapping: {
        headerRow: null,
        operationDate: 3,
        valueDate: 0,
        description: [2],
        amount: 1,
        dateOrder: 'MDY',
      },
    });
    expect(result.layout.confidence).toBe(1);
    expect(result.transactions).toMatchObject([
      {
        txOperationDate: '2025-02-02',
        txValueDate: '2025-01-02',
        txAmount: -1000,
        txDescription: 'Coffee',
      },
      {
        txOperationDate: '2025-04-02',
        txValueDate: '2025-03-02',
        txAmount: 2000,
        txDescription: 'Refund',
      },
    ]);
  });

  it.each([
    [{ headerRow: null, operationDate: 0, description: [2] }, /amount column/],
    [{ headerRow: 99, operationDate: 0, description: [2], amount: 1 }, /Row 99/],
    [
      { headerRow: null, operationDate: -1, description: [2], amount: 1 },
      /operationDate column -1/,
    ],
    [
      { sheet: 'Nope', headerRow: null, operationDate: 0, description: [2], amount: 1 },
      /no sheet "Nope"/,
    ],
  ])('refuses a mapping that does not fit the file: %j', (mapping, message) => {
    const error = catchImportError(() => parseCsv(headerless, { mapping }));
    expect(error.code).toBe('invalid-mapping');
    expect(error.message).toMatch(message);
  });
});
