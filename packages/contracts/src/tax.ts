/** The member states of the European Union (ISO 3166-1 alpha-2; Greece's VAT prefix is EL). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];

/** The country the platform invoices from: its customers pay its VAT (IVA). */
export const SELLER_COUNTRY = 'ES';

/**
 * The national part of each member state's VAT number (after the country prefix), as the
 * European Commission's VIES documents them. A format check only: VIES says whether it is
 * registered.
 */
export const VAT_NUMBER_PATTERNS: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  // A NIF: a letter, seven digits and a letter or digit (companies), or eight digits and a
  // letter (people); an NIE starts with X, Y or Z.
  ES: /^([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export function isEuCountry(country: string): country is EuCountry {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

/** The prefix of a country's VAT numbers: its code, except Greece's EL. */
export function vatPrefix(country: EuCountry): string {
  return country === 'GR' ? 'EL' : country;
}

/** Upper case, without the spaces, dots and dashes people type. */
export function normalizeTaxId(taxId: string): string {
  return taxId.toUpperCase().replace(/[\s.\-/]/g, '');
}

/**
 * The national part of a tax ID of an EU country (typed with or without its prefix) when it
 * has the country's VAT number format; undefined otherwise or outside the EU.
 */
export function vatNumberOf(country: string, taxId: string): string | undefined {
  if (!isEuCountry(country)) return undefined;
  const normalized = normalizeTaxId(taxId);
  const prefix = vatPrefix(country);
  const national = normalized.startsWith(prefix) ? normalized.slice(prefix.length) : normalized;
  return VAT_NUMBER_PATTERNS[country].test(national) ? national : undefined;
}

/**
 * Whether the billing form accepts the tax ID for the country: in the EU it must have the
 * country's VAT number format (a Spanish NIF in Spain); elsewhere any non-empty ID.
 */
export function isTaxIdValidFor(country: string, taxId: string): boolean {
  if (normalizeTaxId(taxId) === '') return false;
  return !isEuCountry(country) || vatNumberOf(country, taxId) !== undefined;
}

/**
 * How an invoice is taxed: `standard` is Spanish IVA at the configured rate; `reverse_charge`
 * (a business in another member state with a valid VAT number) and `export` (outside the EU)
 * carry none.
 */
export const TAX_TREATMENTS = ['standard', 'reverse_charge', 'export'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/**
 * The tax rule for a buyer. `vatNumberValid` is false when the number lacks the format or
 * VIES says it is not registered (when VIES cannot answer, the format decides).
 */
export function taxTreatmentFor(buyer: { country: string; vatNumberValid: boolean }): TaxTreatment {
  if (buyer.country === SELLER_COUNTRY) return 'standard';
  if (isEuCountry(buyer.country)) return buyer.vatNumberValid ? 'reverse_charge' : 'standard';
  // No country yet: taxed as at home until the billing details say otherwise.
  return buyer.country === '' ? 'standard' : 'export';
}
