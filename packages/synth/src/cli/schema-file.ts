import type { ColumnKind, ColumnSchema, Table, TableSchema } from '../table.js';

const COLUMN_KINDS: readonly ColumnKind[] = [
  'numerical',
  'categorical',
  'boolean',
  'datetime',
  'id',
  'text',
];

/** A `--schema` file that is not a schema of the table; the commands answer it as bad usage. */
export class SchemaFileError extends Error {}

function isColumnSchema(value: unknown): value is ColumnSchema {
  if (typeof value !== 'object' || value === null) return false;
  const column = value as Record<string, unknown>;
  return typeof column.name === 'string' && COLUMN_KINDS.includes(column.kind as ColumnKind);
}

/** Reads a `--schema` file's JSON (a TableSchema, e.g. the `schema` of a profile) for `table`. */
export function parseSchemaFile(text: string, table: Table): TableSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SchemaFileError('The schema file is not JSON.');
  }
  const schema = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  if (!Array.isArray(schema.columns) || !schema.columns.every(isColumnSchema)) {
    throw new SchemaFileError(
      'The schema needs "columns": [{ "name": …, "kind": … }, …] with known kinds.',
    );
  }
  const unknown = schema.columns.filter((column) => !table.columns.includes(column.name));
  if (unknown.length > 0) {
    const names = unknown.map((column) => column.name).join(', ');
    throw new SchemaFileError(`The schema names columns the data lacks: ${names}.`);
  }
  const primaryKey = typeof schema.primaryKey === 'string' ? schema.primaryKey : null;
  return { columns: schema.columns, primaryKey };
}
