import { COLUMN_ROLES, type TColumnMapping } from '@app/contracts/financial-viewer';

/** What a column of a statement holds, as the user picks it above the preview. */
export const MAPPING_ROLES = [...COLUMN_ROLES, 'ignore'] as const;
export type MappingRole = (typeof MAPPING_ROLES)[number];

const RARE_ROLES: readonly MappingRole[] = ['direction', 'status'];

/** The roles offered for every column; the rarer ones only where the server detected them. */
export const OFFERED_ROLES: readonly MappingRole[] = MAPPING_ROLES.filter(
  (role) => !RARE_ROLES.includes(role),
);

type SingleRole = Exclude<(typeof COLUMN_ROLES)[number], 'description'>;

/** The roles one column at most may hold: all but the description, which may span several. */
const SINGLE_ROLES = COLUMN_ROLES.filter((role): role is SingleRole => role !== 'description');

function isSingleRole(role: MappingRole): role is SingleRole {
  return (SINGLE_ROLES as readonly string[]).includes(role);
}

/** The role of each of `columnCount` columns under a mapping. */
export function mappingToRoles(mapping: TColumnMapping, columnCount: number): MappingRole[] {
  const roles: MappingRole[] = Array.from({ length: columnCount }, () => 'ignore');
  for (const index of mapping.description) if (index < columnCount) roles[index] = 'description';
  for (const role of SINGLE_ROLES) {
    const index = mapping[role];
    if (index !== undefined && index < columnCount) roles[index] = role;
  }
  return roles;
}

/**
 * A mapping from the columns' roles, keeping what the columns do not say (sheet, header row,
 * date order, decimal separator) from `base`. Null without an operation date column, which
 * the server needs.
 */
export function rolesToMapping(
  roles: readonly MappingRole[],
  base: TColumnMapping,
): TColumnMapping | null {
  const operationDate = roles.indexOf('operationDate');
  if (operationDate < 0) return null;
  const mapping: TColumnMapping = {
    headerRow: base.headerRow,
    operationDate,
    description: roles.flatMap((role, index) => (role === 'description' ? [index] : [])),
  };
  if (base.sheet !== undefined) mapping.sheet = base.sheet;
  if (base.dateOrder !== undefined) mapping.dateOrder = base.dateOrder;
  if (base.decimalSeparator !== undefined) mapping.decimalSeparator = base.decimalSeparator;
  for (const role of SINGLE_ROLES) {
    if (role === 'operationDate') continue;
    const index = roles.indexOf(role);
    if (index >= 0) mapping[role] = index;
  }
  return mapping;
}

/** Gives column `index` a role; a role only one column may hold leaves its former column. */
export function assignRole(
  roles: readonly MappingRole[],
  index: number,
  role: MappingRole,
): MappingRole[] {
  return roles.map((current, position) => {
    if (position === index) return role;
    if (isSingleRole(role) && current === role) return 'ignore';
    return current;
  });
}

/** Whether the roles can make a readable statement: a date and some money column. */
export function hasAmountColumns(roles: readonly MappingRole[]): boolean {
  return roles.includes('amount') || roles.includes('debit') || roles.includes('credit');
}
