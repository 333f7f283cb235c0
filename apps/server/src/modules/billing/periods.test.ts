import { describe, expect, it } from 'vitest';
import { addInterval } from './periods.js';

describe('addInterval', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 'MONTH', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 'MONTH', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', 'MONTH', '2028-02-29T10:00:00.000Z'],
    ['2026-12-31T23:30:00Z', 'MONTH', '2027-01-31T23:30:00.000Z'],
    ['2028-02-29T08:00:00Z', 'YEAR', '2029-02-28T08:00:00.000Z'],
    ['2026-11-23T00:00:00Z', 'YEAR', '2027-11-23T00:00:00.000Z'],
  ] as const)('%s + one %s is %s', (start, interval, end) => {
    expect(addInterval(new Date(start), interval).toISOString()).toBe(end);
  });
});
