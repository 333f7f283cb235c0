import { COUNTRY_CODES } from '@app/contracts/countries';

/** The countries sorted by their name in the UI language (names come from Intl.DisplayNames). */
export function getCountryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

export function getCountryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
