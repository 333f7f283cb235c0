import { describe, expect, it } from 'vitest';
import {
  FORECAST_AXIS_DOMAIN,
  formatEuroTick,
  formatEuroValue,
  lastMonths,
  minusMonths,
} from './chart-format';

describe('chart formats', () => {
  it('writes ticks and values in Spanish format', () => {
    expect(formatEuroTick(123_456).replace(/\s/g, ' ')).toBe('1.235 €');
    expect(formatEuroTick(-5_000).replace(/\s/g, ' ')).toBe('-50 €');
    expect(formatEuroTick(2_500_000).replace(/\s/g, ' ')).toBe('25 mil €');
    expect(formatEuroValue(123_456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatEuroValue([100, 250]).replace(/\s/g, ' ')).toBe('1,00 € – 2,50 €');
  });

  it('widens the forecast axis 2 % beyond its lowest and highest values (spec §9)', () => {
    const [lower, upper] = FORECAST_AXIS_DOMAIN;
    expect(lower(100_000)).toBe(98_000);
    expect(upper(100_000)).toBe(102_000);
    // Negative ends widen outward too: further below, and less far below zero.
    expect(lower(-100_000)).toBe(-102_000);
    expect(upper(-100_000)).toBe(-98_000);
    expect(lower(0)).toBe(0);
  });

  it('counts months back on the calendar', () => {
    expect(minusMonths('2026-03-31', 1)).toBe('2026-02-28');
    expect(minusMonths('2026-01-15', 6)).toBe('2025-07-15');
  });

  it('keeps the last 6 months before the newest row', () => {
    const rows = ['2025-01-01', '2025-09-11', '2025-09-12', '2026-03-11'];
    expect(lastMonths(rows, (row) => row)).toEqual(['2025-09-12', '2026-03-11']);
    expect(lastMonths([], (row: string) => row)).toEqual([]);
  });
});
