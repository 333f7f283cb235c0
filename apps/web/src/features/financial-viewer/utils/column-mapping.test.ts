import { describe, expect, it } from 'vitest';
import { OFFERED_ROLES, assignRole, mappingToRoles, rolesToMapping } from './column-mapping';

describe('column mapping', () => {
  const base = { headerRow: 2, sheet: 'Hoja1', operationDate: 0, description: [1, 2], amount: 3 };

  it('reads the roles of the columns from a mapping', () => {
    expect(mappingToRoles(base, 5)).toEqual([
      'operationDate',
      'description',
      'description',
      'amount',
      'ignore',
    ]);
  });

  it('builds the mapping back, keeping the sheet and header row', () => {
    expect(
      rolesToMapping(['operationDate', 'description', 'ignore', 'amount', 'balance'], base),
    ).toEqual({
      headerRow: 2,
      sheet: 'Hoja1',
      operationDate: 0,
      description: [1],
      amount: 3,
      balance: 4,
    });
    expect(rolesToMapping(['ignore', 'description'], base)).toBeNull();
  });

  it('moves a single role away from its former column', () => {
    expect(assignRole(['operationDate', 'amount', 'ignore'], 2, 'amount')).toEqual([
      'operationDate',
      'ignore',
      'amount',
    ]);
    expect(assignRole(['description', 'ignore'], 1, 'description')).toEqual([
      'description',
      'description',
    ]);
  });

  it('offers the fee beside a gross amount and keeps it in the mapping', () => {
    expect(OFFERED_ROLES).toContain('fee');
    const gross = { ...base, description: [1], fee: 2 };
    const roles = mappingToRoles(gross, 4);
    expect(roles).toEqual(['operationDate', 'description', 'fee', 'amount']);
    expect(rolesToMapping(roles, gross)).toEqual({
      headerRow: 2,
      sheet: 'Hoja1',
      operationDate: 0,
      description: [1],
      amount: 3,
      fee: 2,
    });
    expect(assignRole(roles, 1, 'fee')).toEqual(['operationDate', 'fee', 'ignore', 'amount']);
  });
});
