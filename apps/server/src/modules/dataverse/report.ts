import type { Readable } from 'node:stream';
import type { TDatasetReportResponse } from '@app/contracts';
import { profileCsvStream, type ColumnProfile, type TableProfile } from '@app/synth';
import { z } from 'zod';
import { escapeHtml } from '../../platform/banking/html.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { isReportSignature, signReportUrl } from './download-links.js';
import { instanceFileKey } from './instances.js';
import { completenessScore } from './profile-job.js';
import {
  findCurrentInstances,
  findDataset,
  findFields,
  findInstance,
  findVisibleDataset,
  hasQueuedJob,
  lockForTransaction,
  type DatasetRow,
  type FieldRow,
  type InstanceRow,
} from './repository.js';

export const REPORT_JOB = 'dataverse.build-report';
export const ZReportJobPayload = z.object({ dsiId: z.uuid() });

/** Rows the engine keeps (a uniform sample) for quantiles and top values; counts cover every row. */
const REPORT_SAMPLE_ROWS = 20_000;
const TOP_VALUES = 10;

const QUALITY_FORMULA =
  'completeness: 100 × the share of filled cells × the share of rows that are not exact duplicates';

function reportKey(instance: InstanceRow): string {
  return instanceFileKey(instance, 'report.html');
}

/** The READY version `dsiId` of the dataset, or its current one; 404 otherwise. */
async function reportInstance(
  deps: Deps,
  dataset: DatasetRow,
  dsiId: string | undefined,
): Promise<InstanceRow> {
  const instance =
    dsiId === undefined
      ? (await findCurrentInstances(deps.db, [dataset.id])).get(dataset.id)
      : await findInstance(deps.db, dsiId);
  if (instance?.datasetId !== dataset.id || instance.status !== 'READY') {
    throw new AppError('NOT_FOUND', { message: 'There is no such version of this dataset.' });
  }
  return instance;
}

/**
 * The report of a version, for any team that sees its dataset: a signed address once the
 * file is built; until then PREPARING, with one build job on the queue (two callers at once
 * are serialised by an advisory lock, so they do not queue two).
 */
export async function getDatasetReport(
  deps: Deps,
  options: { teamId: string; datasetId: string; dsiId?: string | undefined },
): Promise<TDatasetReportResponse> {
  const dataset = await findVisibleDataset(deps.db, options.teamId, options.datasetId);
  if (!dataset) throw new AppError('NOT_FOUND');
  const instance = await reportInstance(deps, dataset, options.dsiId);
  if (await deps.storage.has(reportKey(instance))) {
    const link = signReportUrl(deps, { dsiId: instance.id, teamId: options.teamId });
    return {
      dsiId: instance.id,
      status: 'READY',
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
    };
  }
  await deps.db.transaction(async (tx) => {
    await lockForTransaction(tx, `${REPORT_JOB}:${instance.id}`);
    if (!(await hasQueuedJob(tx, REPORT_JOB, { dsiId: instance.id }))) {
      await deps.jobs.enqueue(REPORT_JOB, { dsiId: instance.id }, { tx });
    }
  });
  return { dsiId: instance.id, status: 'PREPARING', url: null, expiresAt: null };
}

function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return String(Math.round(value * 1000) / 1000);
}

function table(headers: string[], rows: string[][]): string {
  const head = headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A column's numeric summary, date range or most frequent values; none for personal data. */
function columnSection(column: ColumnProfile, isSensitive: boolean, rows: number): string {
  const title = `<h3>${escapeHtml(column.name)}</h3>`;
  if (isSensitive) {
    return `${title}<p>Sensitive column: its values are not shown.</p>`;
  }
  if (column.stats) {
    const { stats } = column;
    return `${title}${table(
      ['Min', 'P25', 'Median', 'Mean', 'P75', 'Max', 'Standard deviation'],
      [
        [
          stats.min,
          stats.quantiles.p25,
          stats.quantiles.p50,
          stats.mean,
          stats.quantiles.p75,
          stats.max,
          stats.std,
        ].map(formatNumber),
      ],
    )}`;
  }
  if (column.range) {
    return `${title}${table(['Earliest', 'Latest'], [[column.range.min, column.range.max]])}`;
  }
  const values = (column.topCategories ?? []).slice(0, TOP_VALUES);
  if (values.length === 0) return `${title}<p>No values.</p>`;
  const listed = values.reduce((sum, value) => sum + value.count, 0);
  const other = rows - column.missing - listed;
  return `${title}${table(
    ['Value', 'Count'],
    [
      ...values.map((value) => [value.value, String(value.count)]),
      ...(other > 0 ? [['(other values)', String(other)]] : []),
    ],
  )}`;
}

/** The report page: the version's fields, its quality and how it is computed, each column. */
export function renderReport(options: {
  dataset: DatasetRow;
  instance: InstanceRow;
  fields: FieldRow[];
  profile: TableProfile;
}): string {
  const { dataset, instance, fields, profile } = options;
  const fieldOf = new Map(fields.map((field) => [field.name, field]));
  const missingCells = profile.columns.reduce((sum, column) => sum + column.missing, 0);
  const quality = completenessScore({
    rows: profile.rowCount,
    columns: profile.columnCount,
    missingCells,
    distinctRows: profile.distinctRows ?? profile.rowCount,
  });
  const sampled =
    profile.sampledRows !== undefined && profile.sampledRows < profile.rowCount
      ? `<p>Quantiles and value counts are read from a uniform sample of ${String(profile.sampledRows)} rows; row, missing and unique counts from every row.</p>`
      : '';
  const title = `${dataset.name} · version ${String(instance.version)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>Provider: ${escapeHtml(dataset.providerName)}. Rows: ${String(profile.rowCount)}. Columns: ${String(profile.columnCount)}.</p>
<h2>Quality</h2>
<p>Quality score of this version: ${formatNumber(quality)} (${QUALITY_FORMULA}).</p>
<p>Catalogue quality score: ${formatNumber(dataset.qualityScore)} (${escapeHtml(dataset.qualityMethod)}).</p>
<h2>Fields</h2>
${table(
  ['Name', 'Type', 'Unique values', 'Missing values'],
  profile.columns.map((column) => [
    column.name,
    fieldOf.get(column.name)?.type ?? column.type,
    String(column.unique),
    String(column.missing),
  ]),
)}
<h2>Columns</h2>
${sampled}
${profile.columns
  .map((column, index) => {
    const isSensitive =
      fieldOf.get(column.name)?.isSensitive === true ||
      (profile.schema.columns[index]?.pii ?? null) !== null;
    return columnSection(column, isSensitive, profile.rowCount);
  })
  .join('\n')}
</body></html>
`;
}

/**
 * The report job: streams the version's file through the synth engine's profiler (bounded
 * memory) and stores the page beside the file. A version gone or no longer READY is skipped.
 */
export async function buildReport(
  deps: Deps,
  payload: z.infer<typeof ZReportJobPayload>,
): Promise<void> {
  const instance = await findInstance(deps.db, payload.dsiId);
  if (instance?.status !== 'READY' || !instance.datasetId) return;
  const dataset = await findDataset(deps.db, instance.datasetId);
  if (!dataset) return;
  const stream = await deps.storage.openRead(instance.storageKey);
  if (!stream) return;
  const profile = await profileCsvStream({ stream, sampleRows: REPORT_SAMPLE_ROWS });
  const fields = await findFields(deps.db, [dataset.id]);
  const html = renderReport({ dataset, instance, fields, profile });
  await deps.storage.put(reportKey(instance), Buffer.from(html), 'text/html; charset=utf-8');
}

/**
 * The report behind a signed address. The address must be signed for this version and team,
 * and unexpired; the team must still see the dataset.
 */
export async function openReportFile(
  deps: Deps,
  options: { dsiId: string; teamId: string; expires: number; signature: string },
): Promise<{ body: Readable; size: number; fileName: string }> {
  if (!isReportSignature(deps, options)) {
    throw new AppError('INVALID_TOKEN', { message: 'This report address is invalid or expired.' });
  }
  const instance = await findInstance(deps.db, options.dsiId);
  const dataset =
    instance?.datasetId && (await findVisibleDataset(deps.db, options.teamId, instance.datasetId));
  if (!instance || !dataset) throw new AppError('NOT_FOUND');
  const key = reportKey(instance);
  const size = await deps.storage.size(key);
  const body = size === undefined ? undefined : await deps.storage.openRead(key);
  if (size === undefined || !body) throw new AppError('NOT_FOUND');
  return { body, size, fileName: `report-v${String(instance.version)}.html` };
}
