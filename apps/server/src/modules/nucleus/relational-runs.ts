import type { TRelationship, ZSynthesizeRelationalRequest } from '@app/contracts/nucleus';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { requireRunWithinPlan, requireTablesWithinPlan } from './limits.js';
import type { StoredRelational } from './table-files.js';
import { readProfile, requireRun } from './uploads.js';

type RelationalRequest = z.output<typeof ZSynthesizeRelationalRequest>;
/** A table as stored with the run, and what the checks of its keys need of its upload. */
type CheckedTable = StoredRelational['tables'][number] & {
  kept: number;
  columnNames: Set<string>;
  dropped: Set<string>;
};

const invalidTables = (message: string) =>
  validationError({ tables: 'validation.invalid' }, message);
const invalidRelationships = (message: string) =>
  validationError({ relationships: 'validation.invalid' }, message);

/** Each table's upload: the team's confirmed draft (404 for another team's), its columns checked. */
async function readTables(
  deps: Deps,
  options: { teamId: string; request: RelationalRequest },
): Promise<CheckedTable[]> {
  const tables: CheckedTable[] = [];
  for (const table of options.request.tables) {
    const draft = await requireRun(deps, { teamId: options.teamId, runId: table.runId });
    if (draft.status !== 'DRAFT' || draft.kind !== 'SYNTHESIZE') {
      throw new AppError('CONFLICT', {
        message: `The upload of ${table.name} is ${draft.status}, no longer a draft.`,
      });
    }
    const profile = readProfile(draft);
    const names = new Set(profile.columns.map((column) => column.name));
    const dropped = new Set(
      table.columns.filter((choice) => choice.action === 'drop').map((choice) => choice.name),
    );
    const unknown = table.columns.find((choice) => !names.has(choice.name));
    if (unknown) throw invalidTables(`The table ${table.name} has no column "${unknown.name}".`);
    if (dropped.size >= names.size) throw invalidTables(`Keep a column of ${table.name}.`);
    const primaryKey =
      table.primaryKey === undefined
        ? (profile.columns.find((column) => column.isKey)?.name ?? null)
        : table.primaryKey;
    if (primaryKey !== null && (!names.has(primaryKey) || dropped.has(primaryKey))) {
      throw invalidTables(
        `The primary key of ${table.name}, "${primaryKey}", is not a kept column.`,
      );
    }
    tables.push({
      name: table.name,
      runId: draft.id,
      fileName: draft.fileName,
      format: draft.format,
      primaryKey,
      columns: table.columns,
      rows: profile.rowCount,
      kept: names.size - dropped.size,
      columnNames: names,
      dropped,
    });
  }
  return tables;
}

/** Parents before children, or a 400 naming the tables of a cycle. */
function checkNoCycle(names: string[], relationships: TRelationship[]): void {
  const placed = new Set<string>();
  const pending = [...names];
  while (pending.length > 0) {
    const ready = pending.findIndex((name) =>
      relationships.every((link) => link.child !== name || placed.has(link.parent)),
    );
    if (ready < 0) {
      throw invalidRelationships(`The foreign keys form a cycle among ${pending.join(', ')}.`);
    }
    placed.add(pending[ready] ?? '');
    pending.splice(ready, 1);
  }
}

/**
 * The request of a relational run checked against its uploads and the plan: table names and
 * uploads once each, at most the plan's datasets per run, every key a kept column of its table,
 * every foreign key between two tables of the run and onto a parent with a primary key.
 */
export async function checkRelationalRequest(
  deps: Deps,
  options: { access: SubscriptionAccess; request: RelationalRequest },
): Promise<StoredRelational & { sourceRows: number; sourceColumns: number; numRows: number }> {
  const { access, request } = options;
  const names = request.tables.map((table) => table.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw invalidTables(`Two tables are named ${repeated}.`);
  const runIds = request.tables.map((table) => table.runId);
  if (new Set(runIds).size !== runIds.length) throw invalidTables('An upload is named twice.');
  requireTablesWithinPlan(access.plan, request.tables.length);
  const checked = await readTables(deps, { teamId: access.teamId, request });
  const byName = new Map(checked.map((table) => [table.name, table]));
  for (const link of request.relationships) {
    const parent = byName.get(link.parent);
    const child = byName.get(link.child);
    if (!parent || !child) {
      const missing = parent ? link.child : link.parent;
      throw invalidRelationships(
        `The foreign key ${link.child}.${link.foreignKey} → ${link.parent} names ${missing}, a table not in the run.`,
      );
    }
    if (parent === child) throw invalidRelationships(`${link.child} cannot be its own parent.`);
    if (!child.columnNames.has(link.foreignKey) || child.dropped.has(link.foreignKey)) {
      throw invalidRelationships(
        `The table ${link.child} has no kept column "${link.foreignKey}".`,
      );
    }
    if (parent.primaryKey === null) {
      throw invalidRelationships(`The table ${link.parent} is a parent, so give it a primary key.`);
    }
  }
  checkNoCycle(names, request.relationships);
  const tables = checked.map(
    ({ name, runId, fileName, format, primaryKey, columns, rows, kept }) => ({
      name,
      runId,
      fileName,
      format,
      primaryKey,
      columns,
      rows,
      keptColumns: kept,
    }),
  );
  const numRows = requireTablesRowsWithinPlan(access.plan, { tables, scale: request.scale });
  return {
    tables,
    relationships: request.relationships,
    scale: request.scale,
    sourceRows: tables.reduce((total, table) => total + table.rows, 0),
    sourceColumns: tables.reduce((total, table) => total + table.keptColumns, 0),
    numRows,
  };
}

type Plan = SubscriptionAccess['plan'];

/** Each table within the plan's rows and columns per run at `scale`; answers the rows in all. */
function requireTablesRowsWithinPlan(
  plan: Plan,
  options: { tables: StoredRelational['tables']; scale: number },
): number {
  for (const table of options.tables) {
    requireRunWithinPlan(plan, {
      sourceRows: table.rows,
      columns: table.keptColumns ?? 0,
      numRows: Math.round(table.rows * options.scale),
    });
  }
  const rows = options.tables.reduce((total, table) => total + table.rows, 0);
  return Math.round(rows * options.scale);
}

/**
 * A GENERATE run of a relational run: its tables and links, its root tables at `scale`, or at
 * the scale that gives the first root table `numRows` rows; checked against the plan.
 */
export function planRelationalGeneration(
  access: SubscriptionAccess,
  options: {
    relational: StoredRelational;
    numRows?: number | undefined;
    scale?: number | undefined;
  },
): { numRows: number; relational: StoredRelational } {
  const { relational } = options;
  const children = new Set(relational.relationships.map((link) => link.child));
  const root = relational.tables.find((table) => !children.has(table.name));
  const scale =
    options.scale ?? (options.numRows ?? 0) / Math.max(1, root?.rows ?? options.numRows ?? 1);
  requireTablesWithinPlan(access.plan, relational.tables.length);
  const numRows = requireTablesRowsWithinPlan(access.plan, { tables: relational.tables, scale });
  return { numRows, relational: { ...relational, scale } };
}
