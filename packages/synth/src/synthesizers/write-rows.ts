import type { RowBatch, SyntheticValue } from './synthesizer.js';

export type OutputFormat = 'csv' | 'jsonl';

function quoteCsv(value: SyntheticValue): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function formatBatch(format: OutputFormat, batch: RowBatch): string {
  if (format === 'csv') return batch.rows.map((row) => `${row.map(quoteCsv).join(',')}\n`).join('');
  return batch.rows
    .map(
      (row) =>
        `${JSON.stringify(Object.fromEntries(batch.columns.map((name, index) => [name, row[index] ?? null])))}\n`,
    )
    .join('');
}

/** Writes batches of rows as CSV (with a header) or JSON lines, waiting for the stream to drain. */
export async function writeRows(options: {
  format: OutputFormat;
  batches: Iterable<RowBatch>;
  stream: NodeJS.WritableStream;
}): Promise<void> {
  const { format, stream } = options;
  let first = true;
  for (const batch of options.batches) {
    let text = formatBatch(format, batch);
    if (first && format === 'csv') text = `${batch.columns.map(quoteCsv).join(',')}\n${text}`;
    first = false;
    if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', resolve));
  }
}
