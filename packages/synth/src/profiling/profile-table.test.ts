import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { profileTable } from './profile-table.js';

describe('profileTable', () => {
  it('profiles a small hand-made table with known answers', () => {
    const table = readCsvTable(
      [
        'customer_id,age,plan,joined,email,notes',
        '1,30,basic,2024-01-01,a@x.io,',
        '2,40,pro,2024-02-01,b@x.io,',
        '3,50,basic,2024-03-01,c@x.io,',
        '4,,basic,2024-03-15,d@x.io,',
      ].join('\n'),
    );
    const profile = profileTable(table);
    expect(profile).toMatchObject({ rowCount: 4, columnCount: 6 });
    expect(profile.schema.primaryKey).toBe('customer_id');
    const [id, age, plan, joined, email, notes] = profile.columns;
    expect(id?.type).toBe('id');
    expect(age).toMatchObject({ type: 'numerical:integer', missing: 1, unique: 3 });
    expect(age?.stats).toMatchObject({ min: 30, max: 50, mean: 40, std: 10 });
    expect(age?.stats?.quantiles.p50).toBe(40);
    expect(plan?.topCategories).toEqual([
      { value: 'basic', count: 3 },
      { value: 'pro', count: 1 },
    ]);
    expect(joined?.range).toEqual({
      min: '2024-01-01T00:00:00.000Z',
      max: '2024-03-15T00:00:00.000Z',
    });
    expect(email?.type).toBe('pii:email');
    expect(notes?.type).toBe('empty');
    expect(profile.warnings).toEqual(['Column "notes" has no values (every cell is empty).']);
    expect(profile.associations.columns).toEqual(['age', 'plan']);
  });

  it('has no primary key when no identifier is complete and distinct', () => {
    const profile = profileTable(readCsvTable('id,v\n1,a\n1,b\n'));
    expect(profile.schema.primaryKey).toBeNull();
  });
});
