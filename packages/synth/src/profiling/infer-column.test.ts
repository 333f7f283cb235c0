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

  /** Valid DNIs and NIEs: the check letter is the number modulo 23 in TRWAGMYFPDXBNJZSQVHLCKE. */
  const dnis = Array.from({ length: 30 }, (_, index) => {
    const number = 12_345_678 + index * 7919;
    return `${String(number)}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23] ?? ''}`;
  });

  it('flags Spanish DNI and NIE columns by their check letter, whatever the column is called', () => {
    const ids = [...dnis, 'X1234567L', 'Y-1234567-X', 'Z7654321H', '00000000T'];
    expect(inferColumnSchema('documento', ids)).toMatchObject({ kind: 'text', pii: 'national-id' });
    expect(inferColumnSchema('doc', [...ids, 'pendiente'])).toMatchObject({ pii: 'national-id' });
  });

  it('does not take codes of eight digits and a letter with wrong check letters for DNIs', () => {
    const codes = dnis.map((dni) => `${dni.slice(0, 8)}${dni.endsWith('A') ? 'B' : 'A'}`);
    expect(inferColumnSchema('lote', codes).pii).toBeNull();
  });

  it('flags IBAN columns, spaced or not, by their mod-97 check', () => {
    const ibans = [
      'ES91 2100 0418 4502 0005 1332',
      'ES7921000813610123456789',
      'DE89370400440532013000',
      'GB29 NWBK 6016 1331 9268 19',
      'FR1420041010050500013M02606',
    ];
    expect(inferColumnSchema('cuenta', ibans)).toMatchObject({ kind: 'text', pii: 'iban' });
  });

  it('does not flag account-like codes whose mod-97 check fails as IBANs', () => {
    const codes = ['ES9121000418450200051333', 'DE89370400440532013001', 'GB29NWBK60161331926818'];
    expect(inferColumnSchema('cuenta', codes).pii).toBeNull();
  });

  it('flags person names in columns named for them in English and Spanish', () => {
    const full = ['Ana García López', 'Luis de la Fuente', "Mary O'Neill", 'Jean-Luc Picard'];
    expect(inferColumnSchema('full_name', full)).toMatchObject({ kind: 'text', pii: 'name' });
    expect(inferColumnSchema('nombre_cliente', full)).toMatchObject({ pii: 'name' });
    expect(inferColumnSchema('customerName', full)).toMatchObject({ pii: 'name' });
    const surnames = ['García', 'Fernández', 'López', 'Martín', 'García'];
    expect(inferColumnSchema('apellidos', surnames)).toMatchObject({ pii: 'name' });
    expect(inferColumnSchema('Last Name', ['Smith', 'Johnson', 'Brown'])).toMatchObject({
      pii: 'name',
    });
    const people = ['Lucía', 'Pablo', 'Marta', 'Jorge', 'Elena', 'Raúl', 'Lucía'];
    expect(inferColumnSchema('nombre', people)).toMatchObject({ pii: 'name' });
    expect(inferColumnSchema('name', ['John Smith', 'Mary Brown', 'Kevin Lee'])).toMatchObject({
      pii: 'name',
    });
  });

  it('does not flag names of products, places or companies, nor capitalised categories', () => {
    const products = ['Wireless Mouse', 'Desk Lamp', 'Office Chair', 'Wireless Mouse'];
    expect(inferColumnSchema('name', products).pii).toBeNull();
    expect(inferColumnSchema('product_name', ['Ana', 'Luis', 'Marta']).pii).toBeNull();
    expect(inferColumnSchema('nombre_empresa', ['Acme Sociedad', 'Globex Iberia']).pii).toBeNull();
    expect(inferColumnSchema('city', ['Madrid', 'Barcelona', 'Valencia', 'Madrid']).pii).toBeNull();
    expect(inferColumnSchema('segment', ['Gold', 'Silver', 'Bronze', 'Gold']).pii).toBeNull();
    expect(inferColumnSchema('full_name', ['ana garcia', 'luis 2', 'n/a', 'x']).pii).toBeNull();
  });

  it('flags street addresses in columns named for them in English and Spanish', () => {
    const spanish = [
      'Calle Mayor 12, 3º B',
      'Avda. de la Constitución 45',
      'C/ Alcalá 100',
      'Paseo del Prado 8',
    ];
    expect(inferColumnSchema('dirección', spanish)).toMatchObject({ kind: 'text', pii: 'address' });
    expect(inferColumnSchema('domicilio', spanish)).toMatchObject({ pii: 'address' });
    const english = [
      '221B Baker Street',
      '10 Downing St',
      '1600 Pennsylvania Avenue NW',
      '350 Fifth Ave',
    ];
    expect(inferColumnSchema('street_address', english)).toMatchObject({ pii: 'address' });
  });

  it('does not flag cities, street names without a number or unnamed columns as addresses', () => {
    expect(inferColumnSchema('address', ['Madrid', 'Sevilla', 'Bilbao']).pii).toBeNull();
    expect(
      inferColumnSchema('street', ['Main Street', 'Calle Mayor', 'Oak Avenue']).pii,
    ).toBeNull();
    const aisles = ['Aisle 12 Way A', 'Aisle 3 Way B', 'Aisle 7 Way C'];
    expect(inferColumnSchema('location', aisles).pii).toBeNull();
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
