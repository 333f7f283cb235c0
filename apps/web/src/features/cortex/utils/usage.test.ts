import { describe, expect, it } from 'vitest';
import { buildStatistics } from '../testing/cortex-fixtures';
import { fillDays, formatDay, getMonthUse } from './usage';

describe('getMonthUse', () => {
  it('measures the month against the plan limit, capped at a full bar', () => {
    expect(getMonthUse({ monthCalls: 2500, monthlyLimit: 10_000 }, true)).toEqual({
      kind: 'limited',
      calls: 2500,
      limit: 10_000,
      share: 0.25,
    });
    expect(getMonthUse({ monthCalls: 120, monthlyLimit: 100 }, true)).toMatchObject({ share: 1 });
    expect(getMonthUse({ monthCalls: 0, monthlyLimit: 0 }, true)).toMatchObject({ share: 1 });
  });

  it('calls a null limit unlimited only when the team is known to be subscribed', () => {
    expect(getMonthUse({ monthCalls: 7, monthlyLimit: null }, true).kind).toBe('unlimited');
    expect(getMonthUse({ monthCalls: 7, monthlyLimit: null }, false).kind).toBe('unknown');
    expect(getMonthUse({ monthCalls: 7, monthlyLimit: null }, undefined).kind).toBe('unknown');
  });
});

describe('fillDays', () => {
  it('gives every day of the period a row, the quiet ones as zero', () => {
    const rows = fillDays(
      buildStatistics({
        from: '2026-11-22T06:00:00.000Z',
        days: [{ day: '2026-11-23', calls: 5, errors: 1, units: 9, p50Ms: 10, p95Ms: 20 }],
      }),
      new Date('2026-11-25T06:00:00.000Z'),
    );
    expect(rows).toEqual([
      { day: '2026-11-22', calls: 0, errors: 0 },
      { day: '2026-11-23', calls: 5, errors: 1 },
      { day: '2026-11-24', calls: 0, errors: 0 },
      { day: '2026-11-25', calls: 0, errors: 0 },
    ]);
  });

  it('writes days as dd-MM-yyyy', () => {
    expect(formatDay('2026-11-05')).toBe('05-11-2026');
  });
});
