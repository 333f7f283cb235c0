import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { parseNumber, readColumnRole } from './encode.js';

export type ColumnValidity = {
  column: string;
  /** Share of present synthetic values inside the real range (numbers) or real category set. */
  score: number;
};

export type KeyUniqueness = {
  column: string;
  /** Share of synthetic rows whose key is present and not repeated. */
  score: number;
};

export type Diagnostic = {
  validity: ColumnValidity[];
  keyUniqueness: KeyUniqueness[];
  /** Mean of every validity and uniqueness score; 1 when there is nothing to check. */
  score: number;
};

function readCells(table: Table, name: string): (string | null)[] {
  const index = table.columns.indexOf(name);
  return table.rows.map((row) => row[index] ?? null);
}

function scoreValidity(options: { column: ColumnSchema; real: Table; synthetic: Table }): number {
  const { column, real, synthetic } = options;
  const present = readCells(synthetic, column.name).filter((cell) => cell !== null);
  if (present.length === 0) return 1;
  const realCells = readCells(real, column.name);
  if (column.kind === 'numerical' || column.kind === 'datetime') {
    let low = Infinity;
    let high = -Infinity;
    for (const cell of realCells) {
      const value = parseNumber(cell, column);
      if (Number.isNaN(value)) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    const inside = present.filter((cell) => {
      const value = parseNumber(cell, column);
      return value >= low && value <= high;
    });
    return inside.length / present.length;
  }
  const known = new Set(realCells);
  return present.filter((cell) => known.has(cell)).length / present.length;
}

function scoreKeyUniqueness(name: string, synthetic: Table): number {
  const cells = readCells(synthetic, name);
  if (cells.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const cell of cells) if (cell !== null) counts.set(cell, (counts.get(cell) ?? 0) + 1);
  const unique = cells.filter((cell) => cell !== null && counts.get(cell) === 1).length;
  return unique / cells.length;
}

/** Validity of every numerical, datetime and categorical column, and uniqueness of every key. */
export function buildDiagnostic(options: {
  real: Table;
  synthetic: Table;
  schema: TableSchema;
}): Diagnostic {
  const { real, synthetic, schema } = options;
  const validity = schema.columns
    .filter((column) => readColumnRole(column, schema.primaryKey) !== 'skipped')
    .map((column) => ({ column: column.name, score: scoreValidity({ column, real, synthetic }) }));
  const keyUniqueness = schema.columns
    .filter((column) => column.name === schema.primaryKey || column.kind === 'id')
    .map((column) => ({ column: column.name, score: scoreKeyUniqueness(column.name, synthetic) }));
  const scores = [...validity, ...keyUniqueness].map((entry) => entry.score);
  return {
    validity,
    keyUniqueness,
    score: scores.length === 0 ? 1 : scores.reduce((sum, score) => sum + score, 0) / scores.length,
  };
}
