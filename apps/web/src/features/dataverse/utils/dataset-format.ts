import type { TCurrentUser } from '@app/contracts/users';
import { formatCount, formatDate } from '../../../lib/format';

const ONE_DECIMAL = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: 'always',
});

/** Spec §9: KB below 999,000 bytes, MB below 999,000,000, else GB, with one decimal. */
export function formatDiskSize(bytes: number): string {
  if (bytes < 999_000) return `${ONE_DECIMAL.format(bytes / 1_000)} KB`;
  if (bytes < 999_000_000) return `${ONE_DECIMAL.format(bytes / 1_000_000)} MB`;
  return `${ONE_DECIMAL.format(bytes / 1_000_000_000)} GB`;
}

/** The time zone the user chose, or none (the browser's). */
export function userTimeZone(user: TCurrentUser | undefined): string | undefined {
  return user?.timeZone || undefined;
}

/** Spec §9: a dataset's dates as yyyy-MM-dd, in the user's time zone. */
export function formatDatasetDate(iso: string, timeZone?: string): string {
  let text: string;
  try {
    text = formatDate(iso, timeZone);
  } catch {
    // An unknown zone name: the browser's.
    text = formatDate(iso);
  }
  const [day, month, year] = text.split('-');
  return text === '' ? '' : `${year ?? ''}-${month ?? ''}-${day ?? ''}`;
}

/** A score 0–100 with one decimal in Spanish format, or null when the dataset has none. */
export function formatScore(score: number | null): string | null {
  return score === null ? null : ONE_DECIMAL.format(score);
}

export { formatCount };
