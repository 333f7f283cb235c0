/** A column as codes into its distinct values, so each value is hashed once per profile. */
export type EncodedColumn = {
  /** Per row: the index of its value in `levels`, or -1 where missing. */
  codes: Int32Array;
  levels: string[];
  /** How often each level occurs. */
  counts: number[];
  missing: number;
};

export function encodeColumn(values: readonly (string | null)[]): EncodedColumn {
  const indexOf = new Map<string, number>();
  const levels: string[] = [];
  const counts: number[] = [];
  const codes = new Int32Array(values.length);
  let missing = 0;
  for (let row = 0; row < values.length; row += 1) {
    const value = values[row] ?? null;
    if (value === null) {
      codes[row] = -1;
      missing += 1;
      continue;
    }
    let code = indexOf.get(value);
    if (code === undefined) {
      code = levels.length;
      indexOf.set(value, code);
      levels.push(value);
      counts.push(0);
    }
    codes[row] = code;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return { codes, levels, counts, missing };
}

/** The table's cells of one column. */
export function readColumn(rows: readonly (string | null)[][], index: number): (string | null)[] {
  return rows.map((row) => row[index] ?? null);
}
