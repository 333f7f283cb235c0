import type { TDataProfile, TRelationship } from '@app/contracts/nucleus';
import type { ColumnSetting } from './column-choices';

/** A table of a relational run as the form holds it. */
export type PlannedTable = {
  profile: TDataProfile;
  /** Its name in the run (files and reports are named after it). */
  name: string;
  /** '' for none: a table no other refers to needs no key. */
  primaryKey: string;
  /** Each column's keep / drop / replace and type override, as on the single-table form. */
  settings: Record<string, ColumnSetting>;
};

const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

export function isTableName(name: string): boolean {
  return TABLE_NAME.test(name);
}

/** A table name from a file's: "Berka accounts.csv" → "Berka_accounts"; unique among `taken`. */
export function tableNameFrom(fileName: string, taken: readonly string[]): string {
  const base =
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^[^A-Za-z]+/, '')
      .slice(0, 56) || 'table';
  let name = base;
  for (let index = 2; taken.includes(name); index++) name = `${base}_${String(index)}`;
  return name;
}

/** The profile's key column, or '' when it found none. */
export function suggestedPrimaryKey(profile: TDataProfile): string {
  return profile.columns.find((column) => column.isKey)?.name ?? '';
}

/**
 * Links a child's column to a parent whose primary key has the same name (account_id in
 * transactions → accounts), unless the column is the child's own key or already linked.
 */
export function suggestLinks(
  tables: readonly PlannedTable[],
  links: readonly TRelationship[],
): TRelationship[] {
  const suggested: TRelationship[] = [];
  const isLinked = (child: string, foreignKey: string) =>
    [...links, ...suggested].some((link) => link.child === child && link.foreignKey === foreignKey);
  for (const child of tables) {
    for (const parent of tables) {
      if (parent === child || parent.primaryKey === '') continue;
      const column = parent.primaryKey;
      if (column === child.primaryKey) continue;
      if (!child.profile.columns.some((candidate) => candidate.name === column)) continue;
      if (isLinked(child.name, column)) continue;
      suggested.push({ child: child.name, foreignKey: column, parent: parent.name });
    }
  }
  return suggested;
}

export type PlanProblem =
  | 'tooFewTables'
  | 'tableName'
  | 'duplicateName'
  | 'noLinks'
  | 'incompleteLink'
  | 'parentWithoutKey'
  | 'keyDropped';

/** What keeps the run from starting, checked before it is sent (the server checks it too). */
export function planProblems(
  tables: readonly PlannedTable[],
  links: readonly TRelationship[],
): PlanProblem[] {
  const problems = new Set<PlanProblem>();
  const isDropped = (table: PlannedTable, column: string) =>
    table.settings[column]?.action === 'drop';
  if (tables.length < 2) problems.add('tooFewTables');
  if (tables.some((table) => table.primaryKey !== '' && isDropped(table, table.primaryKey))) {
    problems.add('keyDropped');
  }
  const names = tables.map((table) => table.name);
  if (names.some((name) => !isTableName(name))) problems.add('tableName');
  if (new Set(names).size !== names.length) problems.add('duplicateName');
  if (links.length === 0) problems.add('noLinks');
  for (const link of links) {
    const parent = tables.find((table) => table.name === link.parent);
    const child = tables.find((table) => table.name === link.child);
    if (parent === undefined || child === undefined || link.foreignKey === '') {
      problems.add('incompleteLink');
    } else if (parent.primaryKey === '') {
      problems.add('parentWithoutKey');
    } else if (isDropped(child, link.foreignKey)) {
      problems.add('keyDropped');
    }
  }
  return [...problems];
}
