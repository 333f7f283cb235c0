import { describe, expect, it } from 'vitest';
import { findAddresses } from './addresses.js';

function found(text: string): string[] {
  return findAddresses(text)
    .sort((a, b) => a.start - b.start)
    .map((span) => text.slice(span.start, span.end));
}

describe('findAddresses', () => {
  it('finds a street by its number and type, and the postcodes of the United Kingdom', () => {
    expect(found('Registered office: 10 Fleet Street, London EC4Y 1AA.')).toEqual([
      '10 Fleet Street',
      'EC4Y 1AA',
    ]);
    expect(found('221B Baker St, then M2 4WU and GIR 0AA')).toEqual([
      '221B Baker St',
      'M2 4WU',
      'GIR 0AA',
    ]);
  });

  it('finds Spanish streets with number and floor, and a postcode with its town', () => {
    expect(found('resides at Calle Mayor 15, 3º B, 28013 Madrid. On 3 June')).toEqual([
      'Calle Mayor 15, 3º B',
      '28013 Madrid',
    ]);
    expect(found('en Avenida de la Constitución, nº 4 y C/ Alcalá 20')).toEqual([
      'Avenida de la Constitución, nº 4',
      'C/ Alcalá 20',
    ]);
  });

  it('finds German streets, United States ZIP codes with their state and Polish postcodes', () => {
    expect(found('Hauptstraße 5, 10115 Berlin; Austin, TX 78701-1234; 00-950 Warszawa')).toEqual([
      'Hauptstraße 5',
      '10115 Berlin',
      'TX 78701-1234',
      '00-950 Warszawa',
    ]);
  });

  it('stops at the end of a line', () => {
    expect(found('28013\nMadrid')).toEqual([]);
    expect(found('Calle Mayor\n15')).toEqual(['Calle Mayor']);
    expect(found('10 Fleet\nStreet')).toEqual([]);
  });

  it('leaves years, amounts, courts and numbers that are no postcode alone', () => {
    expect(
      found(
        'In 1999 Istanbul State Security Court, under Article 6 § 1, awarded EUR 10,000; no. 36244/06; TX 7870; AB1 2C3.',
      ),
    ).toEqual([]);
  });
});
