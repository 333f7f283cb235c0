import { createReadStream, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { expectSampledProfileExact } from '../testing/profile-match.js';
import { profileCsvStream } from './profile-stream.js';
import { profileTable } from './profile-table.js';

const ADULT = evalDataPath('synth', 'adult.csv');

describe('profileCsvStream on adult', () => {
  it('profiles adult from a 3,000-row sample with the exact counts and ranges of the whole file', async () => {
    const full = profileTable(readCsvTable(readFileSync(ADULT, 'utf8')));
    const streamed = await profileCsvStream({ stream: createReadStream(ADULT), sampleRows: 3000 });
    expect(streamed).toMatchObject({ rowCount: 32561, sampledRows: 3000 });
    expectSampledProfileExact(streamed, full);
  });
});
