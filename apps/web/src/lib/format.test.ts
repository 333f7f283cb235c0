import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCompact,
  formatCount,
  formatDate,
  formatEuroCents,
  formatPercent,
} from './format';

describe('format', () => {
  it('writes euro in Spanish format with two decimals and dot thousands', () => {
    expect(formatEuroCents(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatEuroCents(3900).replace(/\s/g, ' ')).toBe('39,00 €');
    expect(formatEuroCents(0).replace(/\s/g, ' ')).toBe('0,00 €');
  });

  it('writes dates as dd-MM-yyyy', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z', 'UTC')).toBe('05-03-2026');
    expect(formatDate('2026-03-05T23:30:00.000Z', 'Europe/Madrid')).toBe('06-03-2026');
  });

  it('writes counts and percentages in Spanish format', () => {
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(12_345_678)).toBe('12.345.678');
    expect(formatCount(0)).toBe('0');
    expect(formatPercent(0.125).replace(/\s/g, ' ')).toBe('13 %');
    expect(formatPercent(1).replace(/\s/g, ' ')).toBe('100 %');
  });

  it('compacts limits', () => {
    expect(formatCompact(10_000, 'en-US')).toBe('10K');
    expect(formatCompact(1_000_000, 'en-US')).toBe('1M');
  });

  it('adds days', () => {
    expect(addDays('2026-03-05T12:00:00.000Z', 1)).toBe('2026-03-06T12:00:00.000Z');
  });
});
