import type { TRunLog, TTableValue } from '@app/contracts/nucleus';
import type { TFunction } from 'i18next';
import type { CountedNoun } from './count-text';

/** How one table's number of a list reads: its rows (`counts`) or its score (`scores`). */
const TABLE_VALUE_KEYS: Record<string, string> = {
  counts: 'nucleus.log.tableRows',
  scores: 'nucleus.log.tableScore',
};

/** The numbers that read with their noun ("1 row", "3 times"), by the name of their value. */
const COUNTED_PARAMS: Partial<Record<string, CountedNoun>> = {
  rows: 'rows',
  columns: 'columns',
  cells: 'cells',
  attempts: 'times',
};

/**
 * A log entry in the user's language: its code worded by the app, numbers in the language's
 * format, a value per table as a list of them. An engine failure is worded from the engine's
 * code and values (its English sentence when this app does not know the code). An entry
 * written before codes (or with a code this app does not know) reads as the server's English.
 */
export function runLogText(t: TFunction, log: TRunLog, language: string): string {
  if (!log.code) return log.message;
  const numbers = new Intl.NumberFormat(language);
  const list = new Intl.ListFormat(language, { style: 'short', type: 'unit' });
  const tableValues = (name: string, values: TTableValue[]) =>
    list.format(
      values.map((entry) =>
        t(TABLE_VALUE_KEYS[name] ?? 'nucleus.log.tableRows', {
          table: entry.table,
          value: numbers.format(entry.value),
        }),
      ),
    );
  const counted = (name: string, value: number) => {
    const noun = COUNTED_PARAMS[name];
    return noun === undefined
      ? numbers.format(value)
      : t(`nucleus.counts.${noun}`, { count: value, value: numbers.format(value) });
  };
  const raw = log.params ?? {};
  const params = Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      typeof value === 'number'
        ? counted(name, value)
        : Array.isArray(value)
          ? tableValues(name, value)
          : value,
    ]),
  );
  if (log.code === 'engineFailed' && typeof params.failure === 'string') {
    params.reason = t(`nucleus.engineFailures.${params.failure}`, {
      ...params,
      // A failure's own `count` picks its singular or plural text; `value` shows it formatted.
      ...(typeof raw.count === 'number' ? { count: raw.count, value: params.count } : {}),
      defaultValue: params.reason,
    });
  }
  const key =
    log.code === 'engineFailed' && params.table !== undefined ? 'engineFailedTable' : log.code;
  return t(`nucleus.log.${key}`, { ...params, defaultValue: log.message });
}
