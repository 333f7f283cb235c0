export { associationMatrix, cramersV, pearson, type AssociationMatrix } from './association.js';
export { detectDatetimeFormat, parseDatetime } from './datetime-format.js';
export { inferColumnSchema, type DetectedType } from './infer-column.js';
export {
  inferTableSchema,
  profileTable,
  type ColumnProfile,
  type DatetimeStats,
  type TableProfile,
} from './profile-table.js';
export { profileCsvStream, type StreamProfileOptions } from './profile-stream.js';
export type { CategoryCount, HistogramBin, NumericStats } from './stats.js';
