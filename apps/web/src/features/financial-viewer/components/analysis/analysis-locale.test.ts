import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/analysis.en-US.json';

// Both languages defining the same keys, placeholders and every key used is the app's locale
// test; here, that the analysis files hold no text the analysis screens do not use.

type Messages = { [key: string]: string | Messages };

/** `changed_one` and `changed_other` are the plural forms of the key the code names, `changed`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [prefix + key.replace(PLURAL_SUFFIX, '')]
      : keysOf(value, `${prefix}${key}.`),
  );
}

const sources = import.meta.glob<string>(
  ['./*.{ts,tsx}', '../../pages/{categorization,cashflow}-page.tsx', '!./*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

describe('the analysis texts', () => {
  it('define every key the screens use, and only those', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*['"](financialViewer\.analysis[^'"]+)['"]/g)) {
        if (match[1]) used.add(match[1]);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect([...used].sort()).toEqual([...new Set(keysOf(enUS))].sort());
  });

  it('carry the spec texts', () => {
    const { analysis } = enUS.financialViewer;
    expect(analysis.noData).toBe('No data');
    expect(
      (['days30', 'days60', 'days90', 'months6', 'year1'] as const).map(
        (key) => analysis.forecast.horizons[key],
      ),
    ).toEqual(['30 days', '60 days', '90 days', '6 months', '1 year']);
  });
});
