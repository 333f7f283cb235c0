export { buildQualityReport, type BuildReportOptions, type QualityReport } from './build-report.js';
export type { ColumnValidity, Diagnostic, KeyUniqueness } from './diagnostic.js';
export type { DistanceSummary, Privacy } from './privacy.js';
export type { ColumnShape, Histogram, PairTrend } from './quality.js';
