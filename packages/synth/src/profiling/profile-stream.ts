import Papa from 'papaparse';
import { createRandom } from '@app/engine-kit';
import { TableError, type Table } from '../table.js';
import { createDistinctCounter, type DistinctCounter } from './distinct-counter.js';
import { profileTable, type ColumnProfile, type TableProfile } from './profile-table.js';
import { topCategories } from './stats.js';

export type StreamProfileOptions = {
  /** CSV text with a header row, in chunks. */
  stream: NodeJS.ReadableStream;
  /** Rows kept (a uniform reservoir sample) for types, quantiles, histograms and associations. */
  sampleRows?: number;
  /** Values counted exactly per column before the distinct count becomes an estimate. */
  maxExactDistinct?: number;
  seed?: number;
};

const TOP_CATEGORIES = 10;
/** Share of rows an estimated distinct count must reach for a column to count as a key. */
const ESTIMATED_UNIQUE_SHARE = 0.97;

/** Exact figures of one column over every row. */
type ColumnTally = {
  missing: number;
  distinct: DistinctCounter;
  numbers: number;
  notNumbers: number;
  min: number;
  max: number;
  mean: number;
  /** Sum of squared deviations (Welford). */
  squares: number;
};

function createTally(maxExactDistinct: number): ColumnTally {
  return {
    missing: 0,
    distinct: createDistinctCounter(maxExactDistinct),
    numbers: 0,
    notNumbers: 0,
    min: Infinity,
    max: -Infinity,
    mean: 0,
    squares: 0,
  };
}

function addCell(tally: ColumnTally, cell: string | null): void {
  if (cell === null) {
    tally.missing++;
    return;
  }
  tally.distinct.add(cell);
  const value = Number(cell);
  if (!Number.isFinite(value)) {
    tally.notNumbers++;
    return;
  }
  tally.numbers++;
  tally.min = Math.min(tally.min, value);
  tally.max = Math.max(tally.max, value);
  const delta = value - tally.mean;
  tally.mean += delta / tally.numbers;
  tally.squares += delta * (value - tally.mean);
}

/** The sample's profile of a column with the exact counts of every row put in. */
function mergeColumn(options: {
  column: ColumnProfile;
  tally: ColumnTally;
  rowCount: number;
  sampledRows: number;
}): ColumnProfile {
  const { column, tally, rowCount, sampledRows } = options;
  const { distinct } = tally.distinct.count();
  const scale = (count: number): number => Math.round((count * rowCount) / sampledRows);
  const merged: ColumnProfile = { ...column, missing: tally.missing, unique: distinct };
  if (column.stats && tally.numbers > 0) {
    merged.stats = {
      ...column.stats,
      min: tally.min,
      max: tally.max,
      mean: tally.mean,
      std: tally.numbers > 1 ? Math.sqrt(tally.squares / (tally.numbers - 1)) : null,
    };
  }
  if (column.histogram) {
    merged.histogram = column.histogram.map((bin) => ({ ...bin, count: scale(bin.count) }));
  }
  if (column.topCategories) {
    const counts = tally.distinct.counts();
    merged.topCategories = counts
      ? topCategories({ levels: [...counts.keys()], counts: [...counts.values()] }, TOP_CATEGORIES)
      : column.topCategories.map((entry) => ({ ...entry, count: scale(entry.count) }));
  }
  return merged;
}

/**
 * Profiles a CSV of any length in bounded memory: one pass counts rows, missing and distinct values
 * and numeric ranges exactly (distinct counts beyond `maxExactDistinct` are estimated) and keeps a
 * seeded reservoir sample of rows, on which types, quantiles, histograms and associations are found.
 */
export async function profileCsvStream(options: StreamProfileOptions): Promise<TableProfile> {
  const sampleRows = options.sampleRows ?? 100_000;
  const maxExactDistinct = options.maxExactDistinct ?? 10_000;
  const random = createRandom(options.seed ?? 1);
  let columns: string[] | null = null;
  let tallies: ColumnTally[] = [];
  const sample: (string | null)[][] = [];
  let rowCount = 0;
  const rowsSeen = createDistinctCounter(maxExactDistinct);
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(options.stream, {
      skipEmptyLines: 'greedy',
      step(result, parser) {
        const cells = result.data;
        if (columns === null) {
          columns = cells.map((name, index) =>
            (index === 0 ? name.replace(/^\uFEFF/, '') : name).trim(),
          );
          tallies = columns.map(() => createTally(maxExactDistinct));
          return;
        }
        if (cells.length !== columns.length) {
          reject(
            new TableError('rowWidth', {
              row: rowCount + 2,
              cells: cells.length,
              columns: columns.length,
            }),
          );
          parser.abort();
          return;
        }
        const row = cells.map((cell) => {
          const value = cell.trim();
          return value === '' ? null : value;
        });
        row.forEach((cell, index) => {
          const tally = tallies[index];
          if (tally) addCell(tally, cell);
        });
        rowsSeen.add(JSON.stringify(row));
        // A kept cell copied: the parser's cells are slices of its chunk, so a sampled row
        // would pin a whole chunk, and a sample of rows from all over a large file most of it.
        if (sample.length < sampleRows) sample.push(structuredClone(row));
        else {
          const slot = Math.floor(random.uniform() * (rowCount + 1));
          if (slot < sampleRows) sample[slot] = structuredClone(row);
        }
        rowCount++;
      },
      complete: () => {
        resolve();
      },
      error: (error: Error) => {
        reject(new TableError('csvUnreadable', { detail: error.message }));
      },
    });
  });
  const header = columns as string[] | null;
  if (header === null || header.length === 0) throw new TableError('emptyFile');
  if (rowCount === 0) throw new TableError('noDataRows');
  const table: Table = { columns: header, rows: sample };
  const profile = profileTable(table);
  const warnings = [...profile.warnings];
  const mergedColumns = profile.columns.map((column, index) => {
    const tally = tallies[index] ?? createTally(0);
    if (column.stats && tally.notNumbers > 0) {
      warnings.push(
        `Column "${column.name}": ${String(tally.notNumbers)} values outside the sample are not numbers.`,
      );
    }
    return mergeColumn({ column, tally, rowCount, sampledRows: sample.length });
  });
  const schemaColumns = profile.schema.columns.map((column, index) => {
    const tally = tallies[index];
    if (!tally) return column;
    const { distinct, isExact } = tally.distinct.count();
    const share = isExact ? 1 : ESTIMATED_UNIQUE_SHARE;
    return { ...column, isUnique: tally.missing === 0 && distinct >= rowCount * share };
  });
  const primaryKey = profile.schema.primaryKey;
  const isKeyUnique = schemaColumns.find((column) => column.name === primaryKey)?.isUnique === true;
  return {
    ...profile,
    rowCount,
    sampledRows: sample.length,
    distinctRows: Math.min(rowCount, rowsSeen.count().distinct),
    columns: mergedColumns,
    schema: { columns: schemaColumns, primaryKey: isKeyUnique ? primaryKey : null },
    warnings,
  };
}
