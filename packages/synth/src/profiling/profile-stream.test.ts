import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { evalDataPath } from '../testing/eval-data.js';
import { profileCsvStream } from './profile-stream.js';
import { profileTable } from './profile-table.js';

const ADULT = evalDataPath('synth', 'adult.csv');

describe('profileCsvStream', () => {
  it('profiles adult from a 3,000-row sample with the exact counts and ranges of the whole file', async () => {
    const full = profileTable(readCsvTable(readFileSync(ADULT, 'utf8')));
    const streamed = await profileCsvStream({ stream: createReadStream(ADULT), sampleRows: 3000 });
    expect(streamed).toMatchObject({ rowCount: 32561, sampledRows: 3000 });
    expect(streamed.columns.map((column) => column.type)).toEqual(full.columns.map((c) => c.type));
    streamed.columns.forEach((column, index) => {
      const exact = full.columns[index];
      expect(column.missing).toBe(exact?.missing);
      // beyond 10,000 distinct values (fnlwgt) the count is an estimate
      expect(Math.abs(column.unique / (exact?.unique ?? 1) - 1)).toBeLessThan(0.05);
      if ((exact?.unique ?? 0) <= 10_000) expect(column.unique).toBe(exact?.unique);
      expect(column.topCategories).toEqual(exact?.topCategories);
      if (column.stats && exact?.stats) {
        expect(column.stats.min).toBe(exact.stats.min);
        expect(column.stats.max).toBe(exact.stats.max);
        expect(column.stats.mean).toBeCloseTo(exact.stats.mean, 6);
        expect(column.stats.std).toBeCloseTo(exact.stats.std ?? 0, 6);
        expect(
          Math.abs(column.stats.quantiles.p50 - exact.stats.quantiles.p50),
        ).toBeLessThanOrEqual(0.05 * (exact.stats.max - exact.stats.min));
      }
    });
  });

  it('estimates distinct values past the exact limit and still finds a key', async () => {
    const lines = ['id,group'];
    for (let i = 0; i < 30_000; i++) lines.push(`${String(i * 7 + 3)},g${String(i % 5)}`);
    const profile = await profileCsvStream({
      stream: Readable.from([`${lines.join('\n')}\n`]),
      sampleRows: 500,
      maxExactDistinct: 1000,
    });
    const [id, group] = profile.columns;
    expect(Math.abs((id?.unique ?? 0) / 30_000 - 1)).toBeLessThan(0.1);
    expect(group?.unique).toBe(5);
    expect(group?.topCategories?.[0]).toEqual({ value: 'g0', count: 6000 });
    expect(profile.schema.primaryKey).toBe('id');
  });

  it('warns about values beyond the sample that break its type, and refuses ragged or empty input', async () => {
    const rows = Array.from({ length: 999 }, (_, i) => String(i));
    const profile = await profileCsvStream({
      stream: Readable.from([`n\n${rows.join('\n')}\nabc\n`]),
      sampleRows: 10,
      seed: 2,
    });
    expect(profile.warnings.join(' ')).toMatch(/"n": 1 values outside the sample are not numbers/);
    await expect(profileCsvStream({ stream: Readable.from(['a,b\n1,2\n3\n']) })).rejects.toThrow(
      'Row 3 has 1 cells',
    );
    await expect(profileCsvStream({ stream: Readable.from(['a,b\n']) })).rejects.toThrow(
      'no data rows',
    );
  });
});
