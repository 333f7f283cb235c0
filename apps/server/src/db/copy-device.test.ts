import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COPY_DEVICE, copyToBuffer } from './copy-device.js';

describe('the COPY device of the embedded database', () => {
  let client: PGlite;

  beforeEach(() => {
    client = new PGlite();
  });

  afterEach(async () => {
    await client.close();
  });

  const copy = (select: string) =>
    client.transaction((tx) =>
      copyToBuffer(client, tx, `COPY (${select}) TO '${COPY_DEVICE}' WITH (FORMAT csv)`),
    );
  const copyRows = (rows: number, text: string) =>
    copy(`SELECT n, '${text}' FROM generate_series(1, ${String(rows)}) n`);

  it('gives each COPY its own output, whole, beyond the first buffer', async () => {
    const long = await copyRows(60_000, 'x'.repeat(100));
    // Lines of `n,` and 100 characters: more than the 4 MB the device starts with.
    const lines = long.toString().split('\n');
    expect(long.length).toBeGreaterThan(6_000_000);
    expect(lines).toHaveLength(60_001);
    expect(lines[0]).toBe(`1,${'x'.repeat(100)}`);
    expect(lines[59_999]).toBe(`60000,${'x'.repeat(100)}`);

    const short = await copyRows(2, 'y');
    expect(short.toString()).toBe('1,y\n2,y\n');
  });

  it('keeps nothing of a COPY that failed', async () => {
    await expect(copy('SELECT 1 / (n - 3) FROM generate_series(1, 5) n')).rejects.toThrow(
      /division by zero/,
    );
    expect((await copyRows(1, 'z')).toString()).toBe('1,z\n');
  });
});
