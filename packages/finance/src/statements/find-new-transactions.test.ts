import { describe, expect, it } from 'vitest';
import type { Transaction } from '../types.js';
import { findNewTransactions } from './find-new-transactions.js';

function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    txAmount: -1000,
    txBalance: null,
    txDescription: 'Compra',
    txValueDate: '2025-01-01',
    txOperationDate: '2025-01-01',
    ...overrides,
  };
}

const january = [
  transaction({
    txOperationDate: '2025-01-02',
    txAmount: -550,
    txDescription: 'MERCADONA VALENCIA',
    txBalance: 99450,
  }),
  transaction({
    txOperationDate: '2025-01-03',
    txAmount: 150000,
    txDescription: 'NOMINA ACME SL',
    txBalance: 249450,
  }),
];

describe('findNewTransactions', () => {
  it('adds nothing when the same statement is imported again', () => {
    const result = findNewTransactions({ existing: january, incoming: january });
    expect(result).toEqual({ newTransactions: [], duplicates: january });
  });

  it('adds only the rows an overlapping statement has beyond the imported ones', () => {
    const later = transaction({
      txOperationDate: '2025-01-05',
      txAmount: -2000,
      txDescription: 'GASOLINERA',
    });
    const result = findNewTransactions({ existing: january, incoming: [january[1]!, later] });
    expect(result.newTransactions).toEqual([later]);
    expect(result.duplicates).toEqual([january[1]]);
  });

  it('keeps two identical purchases on one day as two transactions', () => {
    const coffee = transaction({ txDescription: 'CAFE', txAmount: -150 });
    const result = findNewTransactions({ existing: [coffee], incoming: [coffee, { ...coffee }] });
    expect(result.newTransactions).toHaveLength(1);
    expect(result.duplicates).toHaveLength(1);
  });

  it('matches descriptions that differ only in case, accents, spacing and punctuation', () => {
    const incoming = [transaction({ txDescription: '  Café-Bar  "El Sol" ' })];
    const result = findNewTransactions({
      existing: [transaction({ txDescription: 'CAFE BAR EL SOL' })],
      incoming,
    });
    expect(result.duplicates).toEqual(incoming);
  });

  it('matches by the stated balance when another export words the description differently', () => {
    const existing = [transaction({ txDescription: 'Traspaso | Trp redondeo', txBalance: 657 })];
    const incoming = [
      transaction({ txDescription: 'TRASPASO PROGRAMA TU CUENTA', txBalance: 657 }),
    ];
    expect(findNewTransactions({ existing, incoming }).duplicates).toEqual(incoming);
  });

  it('matches a description cut short by another export', () => {
    const existing = [transaction({ txDescription: 'Transf.de FERNANDEZ CASTANYS ORTIZ DE VI' })];
    const incoming = [
      transaction({ txDescription: 'Transf.de FERNANDEZ CASTANYS ORTIZ DE VILLAJOS PABLO' }),
    ];
    expect(findNewTransactions({ existing, incoming }).duplicates).toEqual(incoming);
  });

  it('treats the same amount on the same day with another description as new', () => {
    const incoming = [transaction({ txDescription: 'FARMACIA' })];
    const result = findNewTransactions({
      existing: [transaction({ txDescription: 'PANADERIA' })],
      incoming,
    });
    expect(result.newTransactions).toEqual(incoming);
  });

  it('treats the same description on another day or with another amount as new', () => {
    const existing = [transaction({})];
    const incoming = [
      transaction({ txOperationDate: '2025-01-02' }),
      transaction({ txAmount: -1001 }),
    ];
    expect(findNewTransactions({ existing, incoming }).newTransactions).toEqual(incoming);
  });
});
