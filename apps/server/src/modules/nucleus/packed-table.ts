import type { SyntheticValue, Table } from '@app/synth';

/**
 * A table of text cells as it passes between threads: per column its distinct cells once and
 * each row's place among them (-1 for an empty cell). Cloned as a few arrays instead of a string
 * object per cell, so the rows a report needs (the fitted table, the synthetic sample) cost the
 * request's thread and the clone between threads a small part of a table of strings.
 */
export type PackedTable = {
  columns: string[];
  rowCount: number;
  cells: { values: string[]; codes: Int32Array }[];
};

export type TablePacker = {
  readonly rowCount: number;
  add(row: readonly (SyntheticValue | undefined)[]): void;
  finish(): PackedTable;
};

/** Builds a packed table row by row; a cell is written as `String(value)`, null stays empty. */
export function createTablePacker(columns: string[], capacity: number): TablePacker {
  const places = columns.map(() => new Map<string, number>());
  const cells = columns.map(() => ({ values: [] as string[], codes: new Int32Array(capacity) }));
  let rowCount = 0;
  return {
    get rowCount() {
      return rowCount;
    },
    add(row: readonly (SyntheticValue | undefined)[]) {
      if (rowCount >= capacity) throw new RangeError('The packed table is full.');
      cells.forEach((column, index) => {
        const value = row[index] ?? null;
        if (value === null) {
          column.codes[rowCount] = -1;
          return;
        }
        const text = String(value);
        const seen = places[index]?.get(text);
        if (seen !== undefined) {
          column.codes[rowCount] = seen;
          return;
        }
        places[index]?.set(text, column.values.length);
        column.codes[rowCount] = column.values.length;
        column.values.push(text);
      });
      rowCount += 1;
    },
    finish(): PackedTable {
      return {
        columns,
        rowCount,
        cells: cells.map(({ values, codes }) => ({ values, codes: codes.slice(0, rowCount) })),
      };
    },
  };
}

export function packTable(table: Table): PackedTable {
  const packer = createTablePacker(table.columns, table.rows.length);
  for (const row of table.rows) packer.add(row);
  return packer.finish();
}

/** The table of text cells again; equal cells of a column are one string. */
export function unpackTable(packed: PackedTable): Table {
  const rows: (string | null)[][] = [];
  for (let row = 0; row < packed.rowCount; row++) {
    rows.push(packed.cells.map(({ values, codes }) => values[codes[row] ?? -1] ?? null));
  }
  return { columns: packed.columns, rows };
}
