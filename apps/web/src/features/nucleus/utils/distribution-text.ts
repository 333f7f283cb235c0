import type { TColumnDistribution } from '@app/contracts/nucleus';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format';

/** The bars a distribution draws, tallest 1: bins in order, or categories by frequency. */
export function distributionBars(distribution: TColumnDistribution): number[] {
  const counts =
    distribution.kind === 'histogram'
      ? distribution.bins.map((bin) => bin.count)
      : distribution.values.map((entry) => entry.count);
  const highest = Math.max(0, ...counts);
  return counts.map((count) => (highest === 0 ? 0 : count / highest));
}

function formatValue(value: number, scale: 'number' | 'datetime', language: string): string {
  if (scale === 'datetime') return formatDate(new Date(value).toISOString());
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** The distribution in words, for a screen reader and a tooltip. */
export function distributionText(
  t: TFunction,
  distribution: TColumnDistribution,
  language: string,
): string {
  if (distribution.kind === 'histogram') {
    const { bins, scale } = distribution;
    const first = bins[0];
    const last = bins[bins.length - 1];
    const peak = bins.reduce<(typeof bins)[number] | undefined>(
      (best, bin) => (best === undefined || bin.count > best.count ? bin : best),
      undefined,
    );
    if (first === undefined || last === undefined || peak === undefined) return '';
    return t('nucleus.profile.distribution.histogram', {
      min: formatValue(first.start, scale, language),
      max: formatValue(last.end, scale, language),
      from: formatValue(peak.start, scale, language),
      to: formatValue(peak.end, scale, language),
    });
  }
  const total =
    distribution.values.reduce((sum, entry) => sum + entry.count, 0) + distribution.otherCount;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const listed = distribution.values
    .slice(0, 3)
    .map((entry) => `${entry.value} (${percent.format(total === 0 ? 0 : entry.count / total)})`)
    .join(', ');
  return t('nucleus.profile.distribution.categories', { values: listed });
}
