import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { censusLikeCsv } from '../testing/generated-tables.js';
import { expectSampledProfileExact } from '../testing/profile-match.js';
import { profileCsvStream } from './profile-stream.js';
import { profileTable } from './profile-table.js';

describe('profileCsvStream', () => {
  it('profiles a census-like file from a 3,000-row sample with the exact counts and ranges of the whole file', async () => {
    const csv = censusLikeCsv(20_000);
    const full = profileTable(readCsvTable(csv));
    const streamed = await profileCsvStream({ stream: Readable.from([csv]), sampleRows: 3000 });
    expect(streamed).toMatchObject({ rowCount: 20_000, sampledRows: 3000 });
    expectSampledProfileExact(streamed, full);
  });

  it('counts the rows that are not exact duplicates of an earlier one', async () => {
    const csv = 'a,b\n1,x\n1, x\n2,y\n1,x\n2,\n2, \n';
    const profile = await profileCsvStream({ stream: Readable.from([csv]) });
    expect(profile).toMatchObject({ rowCount: 6, distinctRows: 3 });
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
