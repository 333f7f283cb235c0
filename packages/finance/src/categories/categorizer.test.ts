import { describe, expect, it } from 'vitest';
import { CategorizationError } from './categorization-error.js';
import { createCategorizer } from './categorizer.js';
import { EMPTY_CORRECTIONS, MAX_CORRECTIONS, type CategoryCorrections } from './corrections.js';

const SUPPLIERS = 1204;
const EMPLOYEE_EXPENSES = 1103;
const FAMILY_TRANSFERS = 801;

// Written for these tests (not taken from any data set): typical Spanish and English bank texts.
const EXPECTATIONS: [description: string, amount: number, parent: string, category: string][] = [
  ['RECIBO IBERDROLA CLIENTES', -6_512, 'Utilities', 'Electricity'],
  ['RECIBO ENDESA ENERGIA S.A.U. Nº RECIBO 0049', -4_020, 'Utilities', 'Electricity'],
  ['RECIBO CANAL DE ISABEL II GESTION', -3_190, 'Utilities', 'Water'],
  ['RECIBO MOVISTAR FIBRA', -5_990, 'Utilities', 'Telecom and Internet'],
  ['TRANSFERENCIA NOMINA', 185_000, 'Income', 'Salary'],
  ['TRANSFERENCIA NOMINA MARZO A FAVOR DE ANA RUIZ', -142_000, 'Employees', 'Payroll'],
  ['MERCADONA VALENCIA', -4_375, 'Food Dining', 'Groceries'],
  ['COMPRA TARJ. 5402XXXXXXXX1234 LIDL SUPERMERCADOS MADRID', -2_310, 'Food Dining', 'Groceries'],
  [
    'COMPRA EN RESTAURANTE CASA PACO, CON LA TARJETA : XXXXXXXXXXXX1234',
    -6_400,
    'Food Dining',
    'Restaurants',
  ],
  ['TGSS COTIZACION 0825', -98_410, 'Employees', 'Social Security'],
  ['RECIBO TGSS R.E. AUTONOMOS', -29_400, 'Business', 'Self-employed Contributions'],
  ['AEAT MODELO 303 2T', -245_000, 'Business', 'Taxes'],
  ['DEVOLUCION AEAT IRPF 2024', 61_200, 'Income', 'Tax Refunds'],
  ['PAGO GESTORIA MARTINEZ ASESORES', -12_100, 'Business', 'Professional Services'],
  ['COMPRA EN E.S. REPSOL AV. DE LA PAZ', -6_000, 'Transportation', 'Fuel'],
  ['AUTOPISTA AP-7 PEAJE', -1_230, 'Transportation', 'Tolls'],
  [
    'DISPOSICION EN CAJERO CON LA TARJETA XXXXXXXXXXXX1234',
    -20_000,
    'Miscellaneous Expenses',
    'Cash Withdrawals',
  ],
  ['COMISION MANTENIMIENTO CUENTA', -1_500, 'Miscellaneous Expenses', 'Bank Fees and Interest'],
  [
    'BIZUM A FAVOR DE LUCIA GOMEZ CONCEPTO CENA',
    -2_000,
    'Miscellaneous Expenses',
    'Transfers Sent',
  ],
  ['BIZUM DE PEDRO SANZ CONCEPTO ENTRADAS', 1_500, 'Income', 'Transfers Received'],
  // A "traspaso" moves money between the holder's own accounts.
  ['TRASPASO A CTA. AHORRO', -500_000, 'Miscellaneous Expenses', 'Transfers Sent'],
  ['ORDEN TRASPASO INTERNO', -30_000, 'Miscellaneous Expenses', 'Transfers Sent'],
  ['TRASPASO DESDE CTA. CORRIENTE', 500_000, 'Income', 'Transfers Received'],
  ['LIQUIDACION TPV COMERCIO 0001234', 184_300, 'Income', 'Sales and Customer Payments'],
  ['ALQUILER LOCAL COMERCIAL ENERO', -90_000, 'Home and Office', 'Rent'],
  ['FARMACIA LDA. ROSA GIL', -1_845, 'Health and Personal Care', 'Pharmacy'],
  ['Uber *trip', -1_250, 'Transportation', 'Taxi and Ride-hailing'],
  ['UBER EATS ORDER 4411', -2_890, 'Food Dining', 'Fast Food and Delivery'],
  ['Netflix.com', -1_299, 'Leisure and Travelling', 'Streaming and Subscriptions'],
  ['Tesco Stores 3456 London', -2_470, 'Food Dining', 'Groceries'],
  ['Starbucks Coffee Dublin', -465, 'Food Dining', 'Bars and Cafes'],
  ['Shell fuel station M4', -6_100, 'Transportation', 'Fuel'],
  ['Monthly account fee', -500, 'Miscellaneous Expenses', 'Bank Fees and Interest'],
  ['Interest paid on savings', 312, 'Income', 'Interest and Dividends'],
  ['Salary ACME LTD', 250_000, 'Income', 'Salary'],
  ['AMAZON MARKETPLACE ES', -2_599, 'Purchases', 'Online Shopping'],
  ['COMPRA EN ZARA ONLINE', -3_995, 'Purchases', 'Clothing and Footwear'],
  [
    'BIZUM A FAVOR DE MARTA RUIZ CONCEPTO: compra Mercadona',
    -3_000,
    'Miscellaneous Expenses',
    'Transfers Sent',
  ],
  ['BIZUM DE JUAN PEREZ CONCEPTO lidl', 1_200, 'Income', 'Transfers Received'],
  [
    'Apple pay: COMPRA EN LA PARRA VIEJA, CON LA TARJETA : XXXXXXXXXXXX1234',
    -2_350,
    'Food Dining',
    'Restaurants',
  ],
  ['Transacción con tarjeta - Casa Manolo', -1_800, 'Food Dining', 'Restaurants'],
  [
    'COMPRA EN SUMUP *KIOSKO NORTE, CON LA TARJETA : XXXXXXXXXXXX1234',
    -450,
    'Food Dining',
    'Bars and Cafes',
  ],
  [
    'COMPRA EN SUMUP *QWERTY, CON LA TARJETA : XXXXXXXXXXXX1234',
    -450,
    'Food Dining',
    'Restaurants',
  ],
  ['POS Purchase Zapper *Mama Rosa  * 12 Aug', -8_000, 'Food Dining', 'Restaurants'],
  [
    'COMPRA EN MAKRO VALENCIA, CON LA TARJETA : XXXXXXXXXXXX1234',
    -9_870,
    'Food Dining',
    'Groceries',
  ],
  ['Otros Transacción QWERTY SL con tarjeta', -1_500, 'Purchases', 'Other Purchases'],
  ['COMPRA EN EESS LOS PINOS, CON LA TARJETA : XXXXXXXXXXXX1234', -5_000, 'Transportation', 'Fuel'],
  ['EFECTIVO-EUR @ 1', -5_000, 'Miscellaneous Expenses', 'Cash Withdrawals'],
  [
    'TRANSFERENCIA A FAVOR DE ANA LOPEZ CONCEPTO: gastos de casa',
    -40_000,
    'Family',
    'Family Transfers',
  ],
];

describe('createCategorizer — day one, no corrections', () => {
  const categorizer = createCategorizer();

  it.each(EXPECTATIONS)(
    'puts "%s" (%i cents) in %s / %s',
    (description, amount, parent, category) => {
      const result = categorizer.categorize({ description, amount });
      expect({ parent: result.parent, category: result.category, source: result.source }).toEqual({
        parent,
        category,
        source: 'keyword',
      });
    },
  );

  it('returns the sub-category and parent ids of the taxonomy', () => {
    expect(categorizer.categorize({ description: 'TGSS COTIZACION', amount: -1 })).toMatchObject({
      categoryId: 1102,
      category: 'Social Security',
      parentId: 11,
      parent: 'Employees',
    });
  });

  it('reads a word that the bank cut in two at its line width', () => {
    const result = categorizer.categorize({
      description: 'COMPRA EN EL CORTE ING LES CASTELLANA, CON LA TARJETA',
      amount: -8_990,
    });
    expect(result.category).toBe('Department Stores');
  });

  it('does not find a merchant inside another word', () => {
    const result = categorizer.categorize({
      description: 'POS Purchase The San Lameer Mast',
      amount: -500,
    });
    expect(result.parent).not.toBe('Miscellaneous Expenses');
  });

  it('finds a kind of business at the start or end of a compound name', () => {
    for (const description of ['COMPRA EN ZALMOCRAFTBEER', 'COMPRA EN KAFFEZALMO']) {
      expect(categorizer.categorize({ description, amount: -450 }).parent).toBe('Food Dining');
    }
  });

  it('takes a phone or card tapped at an unknown merchant for a bar or restaurant', () => {
    for (const description of [
      'Apple pay: COMPRA EN OLVANA QUENDA, CON LA TARJETA : XXXXXXXXXXXX1234',
      'Transacción con tarjeta - OLVANA QUENDA',
    ]) {
      expect(categorizer.categorize({ description, amount: -1_250 }).category).toBe('Restaurants');
    }
    const shop = categorizer.categorize({ description: 'COMPRA EN OLVANA QUENDA', amount: -1_250 });
    expect(shop.category).toBe('Other Purchases');
  });

  it('puts money in under a bare name of a person under income, money out stays unknown', () => {
    const received = categorizer.categorize({
      description: 'OLVANA QUENDA MARISTE',
      amount: 5_000,
    });
    expect(received).toMatchObject({ parent: 'Income', category: 'Transfers Received' });
    const sent = categorizer.categorize({ description: 'OLVANA QUENDA MARISTE', amount: -5_000 });
    expect(sent.parent).toBe('No Category');
  });

  it('puts money in from a business that only names its trade under income, not an expense', () => {
    const result = categorizer.categorize({
      description: 'TRANSFERENCIA DE LOPEZ CONSULTING SL, CONCEPTO FACTURA 12',
      amount: 121_000,
    });
    expect(result.parent).toBe('Income');
  });

  it('keeps a refund from a known merchant in the merchant’s category', () => {
    const result = categorizer.categorize({
      description: 'REGULARIZACION COMPRA EN LEROY MERLIN ALCOBENDAS',
      amount: 2_395,
    });
    expect(result.category).toBe('Furniture and DIY');
  });

  it('answers No Category with low confidence for text it does not know, either sign', () => {
    for (const amount of [-1_000, 1_000, 0]) {
      const result = categorizer.categorize({ description: 'XQZ 88172 KWRT', amount });
      expect(result).toMatchObject({ parent: 'No Category', source: 'default' });
      expect(result.confidence).toBeLessThanOrEqual(0.1);
    }
    expect(categorizer.categorize({ description: '', amount: -5 }).parent).toBe('No Category');
  });

  it('is more confident about a merchant than about the kind of operation alone', () => {
    const merchant = categorizer.categorize({ description: 'COMPRA EN MERCADONA', amount: -900 });
    const operation = categorizer.categorize({ description: 'COMPRA EN KWRT SL', amount: -900 });
    expect(operation.category).toBe('Other Purchases');
    expect(merchant.confidence).toBeGreaterThan(operation.confidence);
  });

  it('rejects an amount that is not integer cents or a description that is not text', () => {
    expect(() => categorizer.categorize({ description: 'BAR', amount: 12.5 })).toThrow(
      CategorizationError,
    );
    expect(() =>
      categorizer.categorize({ description: 12 as unknown as string, amount: 100 }),
    ).toThrow('description must be a string');
  });
});

describe('createCategorizer — learning from a team’s corrections', () => {
  const barPepe = 'COMPRA EN BAR PEPE CARTAGENA, CON LA TARJETA : XXXXXXXXXXXX2010 EL 2024-03-01';

  it('gives a corrected description the corrected category next time', () => {
    const categorizer = createCategorizer();
    expect(categorizer.categorize({ description: barPepe, amount: -1_200 }).parent).toBe(
      'Food Dining',
    );
    categorizer.learn({ description: barPepe, amount: -1_200, categoryId: EMPLOYEE_EXPENSES });
    expect(categorizer.categorize({ description: barPepe, amount: -3_000 })).toMatchObject({
      categoryId: EMPLOYEE_EXPENSES,
      parent: 'Employees',
      source: 'correction',
    });
  });

  it('applies a correction to another description of the same merchant', () => {
    const categorizer = createCategorizer();
    categorizer.learn({ description: barPepe, amount: -1_200, categoryId: EMPLOYEE_EXPENSES });
    const variant =
      'Apple pay: COMPRA EN BAR PEPE, CON LA TARJETA : XXXXXXXXXXXX2036 EL 2024-05-17';
    expect(categorizer.categorize({ description: variant, amount: -800 }).categoryId).toBe(
      EMPLOYEE_EXPENSES,
    );
  });

  it('follows a corrected chain merchant to its other branches', () => {
    const categorizer = createCategorizer();
    categorizer.learn({
      description: 'MERCADONA VALENCIA',
      amount: -35_000,
      categoryId: SUPPLIERS,
    });
    expect(
      categorizer.categorize({ description: 'MERCADONA MADRID RIO', amount: -9_900 }).categoryId,
    ).toBe(SUPPLIERS);
  });

  it('does not spread a correction through a generic word or a first name', () => {
    const categorizer = createCategorizer();
    categorizer.learn({ description: barPepe, amount: -1_200, categoryId: EMPLOYEE_EXPENSES });
    categorizer.learn({
      description: 'TRANSFERENCIA A FAVOR DE JUAN GARCIA',
      amount: -50_000,
      categoryId: FAMILY_TRANSFERS,
    });
    expect(categorizer.categorize({ description: 'COMPRA EN BAR LUIS', amount: -900 }).parent).toBe(
      'Food Dining',
    );
    expect(
      categorizer.categorize({
        description: 'TRANSFERENCIA A FAVOR DE JUAN LOPEZ',
        amount: -50_000,
      }).source,
    ).toBe('keyword');
  });

  it('keeps money in and money out apart', () => {
    const categorizer = createCategorizer();
    categorizer.learn({
      description: 'TRANSFERENCIA DE ANA RUIZ',
      amount: 30_000,
      categoryId: FAMILY_TRANSFERS,
    });
    expect(
      categorizer.categorize({ description: 'TRANSFERENCIA DE ANA RUIZ', amount: -30_000 }).source,
    ).not.toBe('correction');
  });

  it('lets the latest correction of a description win and stores it once', () => {
    const categorizer = createCategorizer();
    categorizer.learn({ description: barPepe, amount: -1_200, categoryId: EMPLOYEE_EXPENSES });
    const corrections = categorizer.learn({
      description: barPepe,
      amount: -1_200,
      categoryId: SUPPLIERS,
    });
    expect(corrections.entries).toHaveLength(1);
    expect(categorizer.categorize({ description: barPepe, amount: -1 }).categoryId).toBe(SUPPLIERS);
  });

  it('does not leak one team’s corrections into another team’s categoriser', () => {
    const teamA = createCategorizer();
    const teamB = createCategorizer();
    const correctionsA = teamA.learn({
      description: barPepe,
      amount: -1_200,
      categoryId: SUPPLIERS,
    });
    expect(teamB.categorize({ description: barPepe, amount: -1_200 }).parent).toBe('Food Dining');
    expect(teamB.corrections.entries).toEqual([]);
    expect(createCategorizer().categorize({ description: barPepe, amount: -1 }).source).toBe(
      'keyword',
    );
    expect(
      createCategorizer({ corrections: correctionsA }).categorize({
        description: barPepe,
        amount: -1,
      }).categoryId,
    ).toBe(SUPPLIERS);
    expect(EMPTY_CORRECTIONS.entries).toEqual([]);
  });

  it('returns new corrections as plain JSON and leaves the ones it was given unchanged', () => {
    const first = createCategorizer().learn({
      description: barPepe,
      amount: -1_200,
      categoryId: SUPPLIERS,
    });
    const stored = JSON.parse(JSON.stringify(first)) as CategoryCorrections;
    const categorizer = createCategorizer({ corrections: stored });
    const second = categorizer.learn({
      description: 'MERCADONA VALENCIA',
      amount: -900,
      categoryId: SUPPLIERS,
    });
    expect(stored.entries).toHaveLength(1);
    expect(second.entries).toHaveLength(2);
    expect(categorizer.categorize({ description: barPepe, amount: -1 }).categoryId).toBe(SUPPLIERS);
  });

  it('keeps the newest corrections when there are too many', () => {
    const corrections: CategoryCorrections = {
      version: 1,
      entries: Array.from({ length: MAX_CORRECTIONS }, (_, index) => ({
        signature: `SHOP${index}`,
        merchant: `SHOP${index}`,
        direction: 'out' as const,
        categoryId: SUPPLIERS,
      })),
    };
    const categorizer = createCategorizer({ corrections });
    const updated = categorizer.learn({
      description: 'NEW SHOP',
      amount: -100,
      categoryId: SUPPLIERS,
    });
    expect(updated.entries).toHaveLength(MAX_CORRECTIONS);
    expect(updated.entries[0]?.signature).toBe('SHOP1');
    expect(updated.entries.at(-1)?.signature).toBe('NEW SHOP');
  });

  it('refuses a correction to an unknown category', () => {
    const categorizer = createCategorizer();
    expect(() => categorizer.learn({ description: barPepe, amount: -1, categoryId: 13 })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_CATEGORY' }),
    );
  });

  it('refuses stored corrections that are not in the expected shape', () => {
    const broken = [
      'entries',
      { version: 2, entries: [] },
      { version: 1 },
      {
        version: 1,
        entries: [{ signature: 'A', merchant: 'A', direction: 'up', categoryId: 202 }],
      },
      { version: 1, entries: [{ signature: 'A', merchant: 'A', direction: 'in', categoryId: 7 }] },
    ];
    for (const corrections of broken) {
      expect(() =>
        createCategorizer({ corrections: corrections as unknown as CategoryCorrections }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_CORRECTIONS' }));
    }
  });
});

describe('confidence', () => {
  it('ranks exact correction > same merchant > merchant word > keyword guess > unknown', () => {
    const categorizer = createCategorizer();
    categorizer.learn({
      description: 'COMPRA EN BAR PEPE CARTAGENA',
      amount: -1_000,
      categoryId: SUPPLIERS,
    });
    categorizer.learn({ description: 'MERCADONA VALENCIA', amount: -1_000, categoryId: SUPPLIERS });
    const confidence = (description: string): number =>
      categorizer.categorize({ description, amount: -1_000 }).confidence;
    const exact = confidence('COMPRA EN BAR PEPE CARTAGENA');
    const sameMerchant = confidence('Apple pay: COMPRA EN BAR PEPE');
    const merchantWord = confidence('MERCADONA SEVILLA');
    const keyword = confidence('RECIBO IBERDROLA CLIENTES');
    const operationOnly = confidence('COMPRA EN KWRT SL');
    const unknown = confidence('XQZ KWRT');
    expect(exact).toBeGreaterThan(sameMerchant);
    expect(sameMerchant).toBeGreaterThan(merchantWord);
    expect(merchantWord).toBeGreaterThanOrEqual(keyword);
    expect(keyword).toBeGreaterThan(operationOnly);
    expect(operationOnly).toBeGreaterThan(unknown);
    expect(exact).toBeLessThanOrEqual(1);
    expect(unknown).toBeGreaterThan(0);
  });
});
