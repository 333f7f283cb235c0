import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { profileTable } from './profile-table.js';

type ManifestColumn = { name: string; type: string; missing: number; distinct: number };
type Manifest = { tables: { file: string; column_types: ManifestColumn[] }[] };

describe('profileTable on adult', () => {
  it('detects the types, missing and distinct counts of adult as the manifest states', () => {
    const manifest = JSON.parse(
      readFileSync(evalDataPath('synth', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const expected = manifest.tables.find((table) => table.file === 'adult.csv')?.column_types;
    const profile = profileTable(
      readCsvTable(readFileSync(evalDataPath('synth', 'adult.csv'), 'utf8')),
    );
    expect(profile.rowCount).toBe(32_561);
    expect(profile.schema.primaryKey).toBeNull();
    expect(
      profile.columns.map((column) => ({
        name: column.name,
        type: column.type,
        missing: column.missing,
        distinct: column.unique,
      })),
    ).toEqual(
      expected?.map((column) => ({
        name: column.name,
        type: column.type.startsWith('numerical:integer') ? 'numerical:integer' : 'categorical',
        missing: column.missing,
        distinct: column.distinct,
      })),
    );
    const index = profile.associations.columns.indexOf('education');
    const educationNum = profile.associations.columns.indexOf('education-num');
    expect(profile.associations.values[index]?.[educationNum]).toBeCloseTo(1, 6);
  });
});
