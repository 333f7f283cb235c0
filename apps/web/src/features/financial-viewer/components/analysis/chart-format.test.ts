import { describe, expect, it } from 'vitest';
import {
  formatEuroTick,
  formatEuroValue,
  forecastAxis,
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
    expect(forecastAxis([100_000, 50_000])?.domain).toEqual([49_000, 102_000]);
    // Negative ends widen outward too: further below, and less far below zero.
    expect(forecastAxis([-100_000, -50_000])?.domain).toEqual([-102_000, -49_000]);
    expect(forecastAxis([0, 10_000])?.domain).toEqual([0, 10_200]);
    expect(forecastAxis([])).toBeUndefined();
  });

  it('puts the forecast axis ticks on round amounts inside it', () => {
    // 211.500–344.800 €, which recharts ticked from 211,5 mil € in steps of 35 mil €.
    const axis = forecastAxis([21_581_633, 33_803_922]);
    expect(axis?.ticks).toEqual([
      22_000_000, 24_000_000, 26_000_000, 28_000_000, 30_000_000, 32_000_000, 34_000_000,
    ]);
    expect(axis?.ticks.map((tick) => formatEuroTick(tick).replace(/\s/g, ' '))).toContain(
      '220 mil €',
    );
    // Across zero, and a flat balance: one tick at its amount.
    expect(forecastAxis([-150_000, 250_000])?.ticks).toEqual([-100_000, 0, 100_000, 200_000]);
    expect(forecastAxis([0, 0])?.ticks).toEqual([0]);
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
