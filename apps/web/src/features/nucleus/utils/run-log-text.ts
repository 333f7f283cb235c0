import type { TRunLog } from '@app/contracts/nucleus';
import type { TFunction } from 'i18next';

/**
 * A log entry in the user's language: its code worded by the app, numbers in the language's
 * format. An entry written before codes (or with a code this app does not know) reads as the
 * server's English sentence.
 */
export function runLogText(t: TFunction, log: TRunLog, language: string): string {
  if (!log.code) return log.message;
  const numbers = new Intl.NumberFormat(language);
  const params = Object.fromEntries(
    Object.entries(log.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? numbers.format(value) : value,
    ]),
  );
  const key =
    log.code === 'engineFailed' && params.table !== undefined ? 'engineFailedTable' : log.code;
  return t(`nucleus.log.${key}`, { ...params, defaultValue: log.message });
}
