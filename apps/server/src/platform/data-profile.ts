import {
  PROFILE_HISTOGRAM_BINS,
  PROFILE_TOP_CATEGORIES,
  type TColumnDistribution,
  type TColumnProfile,
} from '@app/contracts/nucleus';
import type { ColumnProfile, TableProfile } from '@app/synth';

/**
 * The synthesis engine's profile of a table as the platform keeps and shows it (a Nucleus
 * run's upload, a Dataverse dataset's version): per column its type, missing and distinct
 * counts, the personal data its values look like, and a compact distribution.
 */
export type DatasetProfile = {
  rowCount: number;
  columnCount: number;
  columns: TColumnProfile[];
  warnings: string[];
};

/** The engine's histogram or top values of a column, as the stored profile keeps them. */
export function columnDistribution(input: {
  column: ColumnProfile;
  filled: number;
  isPersonalData: boolean;
}): TColumnDistribution | null {
  const { column, filled, isPersonalData } = input;
  if (isPersonalData || filled === 0) return null;
  if (column.histogram !== undefined) {
    return {
      kind: 'histogram',
      scale: column.type === 'datetime' ? 'datetime' : 'number',
      bins: column.histogram.slice(0, PROFILE_HISTOGRAM_BINS).map(({ start, end, count }) => ({
        start,
        end,
        count,
      })),
    };
  }
  const values = (column.topCategories ?? []).slice(0, PROFILE_TOP_CATEGORIES);
  // Every value different (a key, free text): a flat line tells nothing.
  if (values.length === 0 || (values[0]?.count ?? 0) <= 1) return null;
  const listed = values.reduce((sum, entry) => sum + entry.count, 0);
  return {
    kind: 'categories',
    values: values.map(({ value, count }) => ({ value, count })),
    otherCount: Math.max(0, filled - listed),
  };
}

/** The engine's profile as stored: personal data flagged, distributions kept small. */
export function toDatasetProfile(profile: TableProfile): DatasetProfile {
  return {
    rowCount: profile.rowCount,
    columnCount: profile.columnCount,
    columns: profile.columns.map((column, index) => {
      const schema = profile.schema.columns[index];
      return {
        name: column.name,
        type: column.type,
        missing: column.missing,
        distinct: column.unique,
        personalData: schema?.pii ?? null,
        isKey: profile.schema.primaryKey === column.name,
        distribution: columnDistribution({
          column,
          filled: profile.rowCount - column.missing,
          isPersonalData: (schema?.pii ?? null) !== null,
        }),
      };
    }),
    warnings: profile.warnings,
  };
}
