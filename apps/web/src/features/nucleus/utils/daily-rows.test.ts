import { describe, expect, it } from 'vitest';
import { buildRun } from '../testing/nucleus-fixtures';
import { dailyRows, shortDay } from './daily-rows';

describe('dailyRows', () => {
  it('counts runs and rows per day of the month so far, drafts and older runs left out', () => {
    const days = dailyRows(
      [
        buildRun({ createdAt: '2026-11-02T10:00:00Z', numRows: 100 }),
        buildRun({ createdAt: '2026-11-02T18:00:00Z', numRows: 50 }),
        buildRun({ createdAt: '2026-11-03T09:00:00Z', status: 'DRAFT', numRows: null }),
        buildRun({ createdAt: '2026-10-30T09:00:00Z', numRows: 999 }),
      ],
      { from: '2026-11-01T00:00:00Z', to: new Date('2026-11-03T12:00:00Z') },
    );
    expect(days).toEqual([
      { day: '2026-11-01', rows: 0, runs: 0 },
      { day: '2026-11-02', rows: 150, runs: 2 },
      { day: '2026-11-03', rows: 0, runs: 0 },
    ]);
    expect(shortDay('2026-11-02')).toBe('02-11');
  });
});
