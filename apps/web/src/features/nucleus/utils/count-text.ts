import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format';

export type CountedNoun = 'rows' | 'columns' | 'cells' | 'times';

/** A number with its noun, singular or plural as the language needs ("1 row", "1.200 rows"). */
export function countText(t: TFunction, noun: CountedNoun, count: number): string {
  return t(`nucleus.counts.${noun}`, { count, value: formatCount(count) });
}
