import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import '../i18n/register';
import { distributionBars, distributionText } from './distribution-text';

describe('distributionText', () => {
  it('names the range and the fullest bin of a histogram, dates as days', async () => {
    await changeLanguage('en-US');
    const histogram = {
      kind: 'histogram' as const,
      scale: 'datetime' as const,
      bins: [
        { start: Date.UTC(2025, 0, 1), end: Date.UTC(2025, 5, 1), count: 3 },
        { start: Date.UTC(2025, 5, 1), end: Date.UTC(2025, 11, 31), count: 9 },
      ],
    };
    expect(distributionText(i18n.t, histogram, 'en-US')).toBe(
      'From 01-01-2025 to 31-12-2025; most values between 01-06-2025 and 31-12-2025.',
    );
    expect(distributionBars(histogram)).toEqual([1 / 3, 1]);
  });

  it('lists the three most frequent values with their share, in Spanish', async () => {
    await changeLanguage('es');
    const categories = {
      kind: 'categories' as const,
      values: [
        { value: 'Private', count: 70 },
        { value: 'Self-emp', count: 10 },
        { value: 'State-gov', count: 10 },
        { value: 'Never-worked', count: 2 },
      ],
      otherCount: 8,
    };
    expect(distributionText(i18n.t, categories, 'es')).toBe(
      'Más frecuentes: Private (70\u00a0%), Self-emp (10\u00a0%), State-gov (10\u00a0%).',
    );
  });
});
