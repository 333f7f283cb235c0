import { describe, expect, it } from 'vitest';
import { SANDBOX_BANKS, findSandboxBank } from './banks.js';

function svgOf(logo: string): string {
  const prefix = 'data:image/svg+xml;base64,';
  expect(logo.startsWith(prefix)).toBe(true);
  return Buffer.from(logo.slice(prefix.length), 'base64').toString('utf8');
}

describe('sandbox banks', () => {
  it('lists about thirty Spanish and European banks with unique codes', () => {
    expect(SANDBOX_BANKS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(SANDBOX_BANKS.map((bank) => bank.code)).size).toBe(SANDBOX_BANKS.length);
    expect(SANDBOX_BANKS.filter((bank) => bank.countryCode === 'ES').length).toBeGreaterThan(10);
    for (const bank of SANDBOX_BANKS) {
      expect(bank.code).toMatch(/^[A-Z0-9_]+_[A-Z]{2}$/);
      expect(bank.code.endsWith(`_${bank.countryCode}`)).toBe(true);
      expect(bank.bic).toMatch(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{5}$/);
    }
  });

  it('draws each logo as an SVG of initials on a rounded square', () => {
    const svg = svgOf(findSandboxBank('SANTANDER_ES')!.logo);
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('rx="14" fill="#EC0000"');
    expect(svg).toContain('>S</text>');
    for (const bank of SANDBOX_BANKS)
      expect(svgOf(bank.logo)).toMatch(/<text [^>]+>[A-Z0-9]{1,3}<\/text>/);
  });

  it('finds a bank by code and nothing for an unknown one', () => {
    expect(findSandboxBank('BBVA_ES')?.name).toBe('BBVA');
    expect(findSandboxBank('NOPE_ES')).toBeUndefined();
  });
});
