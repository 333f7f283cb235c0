import { describe, expect, it } from 'vitest';
import { inferColumnSchema } from './infer-column.js';

const range = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => String(from + index));

describe('inferColumnSchema', () => {
  it('treats unique consecutive integers named like an identifier as an id', () => {
    expect(inferColumnSchema('id', range(1, 5)).kind).toBe('id');
    expect(inferColumnSchema('customer_id', range(1000, 50)).kind).toBe('id');
    expect(inferColumnSchema('orderId', ['17', '4', '99']).kind).toBe('id');
  });

  it('treats a long unique consecutive integer run as an id even without an id-like name', () => {
    expect(inferColumnSchema('row', range(1, 100)).kind).toBe('id');
  });

  it('keeps integer measurements numerical, even when they happen to be distinct', () => {
    const ages = ['23', '45', '31', '67', '45', '19'];
    expect(inferColumnSchema('age', ages)).toMatchObject({ kind: 'numerical', isInteger: true });
    expect(inferColumnSchema('age', ['23', '45', '31']).kind).toBe('numerical');
    expect(inferColumnSchema('paid', ['3', '9', '1']).kind).toBe('numerical');
  });

  it('marks decimals as numerical but not integer', () => {
    expect(inferColumnSchema('price', ['1.5', '2', '-3.25e2', null])).toMatchObject({
      kind: 'numerical',
      isInteger: false,
    });
  });

  it('does not read zip codes with leading zeros as numbers', () => {
    const repeated = ['02134', '90210', '02134', '00501'];
    expect(inferColumnSchema('zip', repeated).kind).toBe('categorical');
    expect(inferColumnSchema('code', ['02134', '90210', '00501']).kind).toBe('categorical');
    expect(inferColumnSchema('postal_code', ['12345', '54321', '12345']).kind).toBe('categorical');
    const unique = Array.from({ length: 30 }, (_, index) => String(index * 7).padStart(5, '0'));
    expect(inferColumnSchema('zip', unique).kind).toBe('id');
  });

  it.each([
    [['2024-01-31', '2023-12-01', null], 'yyyy-MM-dd'],
    [['31/01/2024', '01/12/2023'], 'dd/MM/yyyy'],
    [['01/31/2024', '12/01/2023'], 'MM/dd/yyyy'],
    [['2024-01-31 13:45:00', '2023-12-01 00:00:59'], 'yyyy-MM-dd HH:mm:ss'],
    [['2024-01-31T13:45:00Z', '2023-12-01T00:00:59+02:00'], "yyyy-MM-dd'T'HH:mm:ssX"],
    [['31.01.2024', '1.2.2023'], 'dd.MM.yyyy'],
  ])('detects datetimes written as %j with format %s', (values, format) => {
    expect(inferColumnSchema('when', values)).toMatchObject({
      kind: 'datetime',
      datetimeFormat: format,
    });
  });

  it('rejects impossible dates and mixed formats as datetimes', () => {
    expect(inferColumnSchema('d', ['2023-02-30', '2023-01-01']).kind).not.toBe('datetime');
    expect(inferColumnSchema('d', ['2023-01-02', '02/01/2023']).kind).not.toBe('datetime');
  });

  it.each([
    [['yes', 'no', 'Yes', null]],
    [['true', 'false']],
    [['TRUE', 'FALSE', 'TRUE']],
    [['0', '1', '1', '0']],
    [['Y', 'N']],
  ])('detects the booleans %j', (values) => {
    expect(inferColumnSchema('flag', values).kind).toBe('boolean');
  });

  it('does not take a constant 1 or a 0-1-2 column for a boolean', () => {
    expect(inferColumnSchema('n', ['1', '1']).kind).toBe('numerical');
    expect(inferColumnSchema('n', ['0', '1', '2']).kind).toBe('numerical');
  });

  it('types a mostly empty column from the values it has', () => {
    const values = [...Array<null>(97).fill(null), '3.5', '7', '1'];
    expect(inferColumnSchema('rare', values)).toMatchObject({ kind: 'numerical', isUnique: false });
  });

  it('gives an all-empty column a categorical kind', () => {
    expect(inferColumnSchema('nothing', [null, null])).toMatchObject({
      kind: 'categorical',
      isUnique: false,
    });
  });

  it('flags email and phone columns as PII, tolerating a stray bad value', () => {
    const emails = Array.from({ length: 40 }, (_, index) => `user${String(index)}@example.com`);
    expect(inferColumnSchema('contact', [...emails, 'n/a'])).toMatchObject({
      kind: 'text',
      pii: 'email',
    });
    const phones = ['+1 555 123 4567', '(555) 987-6543', '555-111-2222', '+44 20 7946 0958'];
    expect(inferColumnSchema('tel', phones)).toMatchObject({ kind: 'text', pii: 'phone' });
    const bare = ['5551234567', '05559876543', '5551112222'];
    expect(inferColumnSchema('mobile_phone', bare)).toMatchObject({ pii: 'phone' });
  });

  it('does not flag plain large integers as phone numbers', () => {
    expect(inferColumnSchema('fnlwgt', ['77516', '83311', '2155553', '77516']).pii).toBeNull();
  });

  it('separates free text from categories and codes', () => {
    const sentences = ['the parcel arrived late and damaged', 'great service, will order again'];
    expect(inferColumnSchema('comment', sentences).kind).toBe('text');
    expect(inferColumnSchema('color', ['red', 'blue', 'red', 'green']).kind).toBe('categorical');
    const codes = Array.from({ length: 25 }, (_, index) => `SKU-${String(index * 13)}`);
    expect(inferColumnSchema('sku', codes).kind).toBe('id');
  });

  it('marks a column unique only when every row is filled and distinct', () => {
    expect(inferColumnSchema('a', ['x', 'y']).isUnique).toBe(true);
    expect(inferColumnSchema('a', ['x', 'y', null]).isUnique).toBe(false);
    expect(inferColumnSchema('a', ['x', 'x']).isUnique).toBe(false);
  });
});
