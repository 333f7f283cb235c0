import type { TEdgeTokenResponse } from '@app/contracts/nucleus-edge';
import type { TUsageStatistics } from '@app/contracts/nucleus';
import { describe, expect, it } from 'vitest';
import { nucleusRuns } from '../../db/schema/index.js';
import { bearer, useTestApp } from '../../test/test-app.js';
import { getJson, nucleusTeam } from './nucleus-fixtures.js';

const test = useTestApp();

type RunSeed = {
  at: string;
  rows: number;
  count?: number;
  status?: 'DONE' | 'FAILED' | 'CANCELLED' | 'RUNNING';
};

async function seedRuns(teamId: string, seeds: RunSeed[]): Promise<void> {
  await test.app.deps.db.insert(nucleusRuns).values(
    seeds.flatMap((seed) =>
      Array.from({ length: seed.count ?? 1 }, () => ({
        teamId,
        kind: 'SYNTHESIZE' as const,
        status: seed.status ?? ('DONE' as const),
        fileName: 'customers.csv',
        format: 'csv',
        numRows: seed.rows,
        createdAt: new Date(seed.at),
        queuedAt: new Date(seed.at),
      })),
    ),
  );
}

async function reportEdgeRun(session: string, rows: number): Promise<void> {
  const token = await test.app.inject({
    method: 'PUT',
    url: '/api/sinteza/edge/token/refresh',
    headers: bearer(session),
  });
  const report = await test.app.inject({
    method: 'POST',
    url: `/v1/sinteza/edge/usage?token=${token.json<TEdgeTokenResponse>().token}`,
    payload: {
      command: 'synthesize',
      algorithm: 'gaussian-copula',
      rows,
      durationMs: 5,
      version: '1.0.0',
    },
  });
  expect(report.statusCode, report.body).toBe(200);
}

describe('Nucleus usage statistics over time', () => {
  it('counts every run of the month per day and of the last twelve months per month, edge runs included', async () => {
    test.clock.set(new Date('2026-03-15T12:00:00Z'));
    const { session, teamId } = await nucleusTeam(test);
    const other = await nucleusTeam(test);
    await seedRuns(teamId, [
      { at: '2026-03-02T08:00:00Z', rows: 10, count: 104 },
      { at: '2026-03-02T09:00:00Z', rows: 500, status: 'FAILED' },
      { at: '2026-03-02T09:00:00Z', rows: 500, status: 'CANCELLED' },
      { at: '2026-03-15T00:30:00Z', rows: 20, status: 'RUNNING' },
      { at: '2026-02-28T23:59:59Z', rows: 7 },
      { at: '2025-12-10T10:00:00Z', rows: 50, count: 3 },
      { at: '2025-04-01T00:00:00Z', rows: 4 },
      { at: '2025-03-31T23:59:59Z', rows: 1000 },
    ]);
    await seedRuns(other.teamId, [{ at: '2026-03-02T08:00:00Z', rows: 999, count: 2 }]);
    await reportEdgeRun(session, 120);

    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage).toMatchObject({ from: '2026-03-01T00:00:00.000Z', runs: 106, rows: 1180 });

    expect(usage.days.map((entry) => entry.day)).toEqual(
      Array.from({ length: 15 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`),
    );
    expect(usage.days.filter((entry) => entry.runs > 0)).toEqual([
      { day: '2026-03-02', runs: 104, rows: 1040 },
      { day: '2026-03-15', runs: 2, rows: 140 },
    ]);
    expect(usage.days.reduce((total, entry) => total + entry.rows, 0)).toBe(usage.rows);

    expect(usage.months.map((entry) => entry.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(usage.months.filter((entry) => entry.runs > 0)).toEqual([
      { month: '2025-04', runs: 1, rows: 4 },
      { month: '2025-12', runs: 3, rows: 150 },
      { month: '2026-02', runs: 1, rows: 7 },
      { month: '2026-03', runs: 106, rows: 1180 },
    ]);
  });

  it('answers zeros for a team without runs, on the first day of a month', async () => {
    test.clock.set(new Date('2026-01-01T00:00:00Z'));
    const { session } = await nucleusTeam(test);
    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage.days).toEqual([{ day: '2026-01-01', runs: 0, rows: 0 }]);
    expect(usage.months).toHaveLength(12);
    expect(usage.months[0]).toEqual({ month: '2025-02', runs: 0, rows: 0 });
    expect(usage.months.at(-1)).toEqual({ month: '2026-01', runs: 0, rows: 0 });
  });
});
