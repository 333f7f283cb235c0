import { existsSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { evalDataPath } from '@app/engine-kit/testing';
import {
  createCategorizer,
  type Categorizer,
  type CategorizeResult,
} from '../categories/categorizer.js';
import { CATEGORY_TAXONOMY } from '../categories/taxonomy.js';

/**
 * Accuracy of the categoriser on the labelled development sets in `../shared/eval/categorization`
 * (read in place, never copied). Rows without a parent (own-account transfers, investments)
 * are left out. The keyword knowledge was tuned on a fixed 70 % of the merchant groups
 * (`isTuningGroup`); the other 30 % is kept aside as the held-out test set.
 */
export type EvalLanguage = 'es' | 'en';

export type LabelledTransaction = {
  language: EvalLanguage;
  date: string;
  description: string;
  amount: number;
  /** The English parent name of the label. */
  parent: string;
  /** The dataset's merchant group (`merchant_key`), the unit of the split. */
  group: string;
  isTuning: boolean;
};

const FILES: Record<EvalLanguage, string> = {
  es: 'es_finsense_dev.csv',
  en: 'en_za_dev.csv',
};
const TUNING_SHARE = 70;

type CsvRow = Record<string, string | undefined>;

/** FNV-1a: a fixed, platform-independent split. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function isTuningGroup(language: EvalLanguage, group: string): boolean {
  return hashText(`${language}|${group}`) % 100 < TUNING_SHARE;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Some source cells keep thousands spaces (`-1 300.00`) or stray text (`Bank -3.00`). */
export function parseAmountToCents(raw: string): number {
  const compact = raw.replace(/\s/g, '');
  if (PLAIN_NUMBER.test(compact)) return Math.round(Number(compact) * 100);
  const last = raw
    .trim()
    .split(/\s+/)
    .reverse()
    .find((part) => PLAIN_NUMBER.test(part));
  return last === undefined ? 0 : Math.round(Number(last) * 100);
}

export function evalSetExists(): boolean {
  return Object.values(FILES).every((file) => existsSync(evalDataPath('categorization', file)));
}

function readLanguage(language: EvalLanguage): LabelledTransaction[] {
  const csv = readFileSync(evalDataPath('categorization', FILES[language]), 'utf8');
  const parsed = Papa.parse<CsvRow>(csv, { header: true, skipEmptyLines: true });
  const rows: LabelledTransaction[] = [];
  for (const row of parsed.data) {
    const parent = row.parent13 ?? '';
    if (parent === '') continue;
    const group = row.merchant_key ?? '';
    rows.push({
      language,
      date: row.date ?? '',
      description: row.description ?? '',
      amount: parseAmountToCents(row.amount ?? ''),
      parent,
      group,
      isTuning: isTuningGroup(language, group),
    });
  }
  return rows;
}

export function loadCategorizationEvalSet(): LabelledTransaction[] {
  return [...readLanguage('es'), ...readLanguage('en')];
}

export type AccuracyRow = {
  language: EvalLanguage | 'all';
  split: 'held-out' | 'tuning' | 'whole';
  rows: number;
  correct: number;
  accuracy: number;
};

function summariseAccuracy(
  rows: readonly LabelledTransaction[],
  isCorrect: readonly boolean[],
): AccuracyRow[] {
  const result: AccuracyRow[] = [];
  for (const language of ['es', 'en', 'all'] as const) {
    for (const split of ['held-out', 'tuning', 'whole'] as const) {
      let total = 0;
      let correct = 0;
      rows.forEach((row, index) => {
        if (language !== 'all' && row.language !== language) return;
        if (split === 'held-out' && row.isTuning) return;
        if (split === 'tuning' && !row.isTuning) return;
        total++;
        if (isCorrect[index]) correct++;
      });
      result.push({
        language,
        split,
        rows: total,
        correct,
        accuracy: total === 0 ? 0 : correct / total,
      });
    }
  }
  return result;
}

/** Parent-level accuracy of a categoriser that learns nothing while it is measured. */
export function measureAccuracy(
  rows: readonly LabelledTransaction[],
  categorizer: Categorizer = createCategorizer(),
): { accuracy: AccuracyRow[]; results: CategorizeResult[] } {
  const results = rows.map((row) => categorizer.categorize(row));
  return {
    accuracy: summariseAccuracy(
      rows,
      results.map((result, index) => result.parent === rows[index]?.parent),
    ),
    results,
  };
}

const FIRST_SUBCATEGORY_BY_PARENT = new Map<string, number>(
  CATEGORY_TAXONOMY.map((parent) => [parent.names['en-US'], parent.subcategories[0].id]),
);

/**
 * A team going through its history in date order (one team per language), correcting every
 * wrong parent as it goes: the accuracy it sees and how many corrections it makes.
 */
export function simulateCorrections(rows: readonly LabelledTransaction[]): {
  accuracy: AccuracyRow[];
  results: CategorizeResult[];
  corrections: number;
} {
  const order = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.date.localeCompare(b.row.date) || a.index - b.index);
  const categorizers = { es: createCategorizer(), en: createCategorizer() };
  const results: CategorizeResult[] = new Array<CategorizeResult>(rows.length);
  const isCorrect: boolean[] = new Array<boolean>(rows.length).fill(false);
  let corrections = 0;
  for (const { row, index } of order) {
    const categorizer = categorizers[row.language];
    const result = categorizer.categorize(row);
    results[index] = result;
    isCorrect[index] = result.parent === row.parent;
    const categoryId = FIRST_SUBCATEGORY_BY_PARENT.get(row.parent);
    if (isCorrect[index] || categoryId === undefined) continue;
    categorizer.learn({ ...row, categoryId });
    corrections++;
  }
  return { accuracy: summariseAccuracy(rows, isCorrect), results, corrections };
}

export type ParentAccuracyRow = {
  language: EvalLanguage;
  parent: string;
  rows: number;
  accuracy: number;
};

/** Held-out accuracy per language and labelled parent: which parents the keywords miss. */
export function measureHeldOutByParent(
  rows: readonly LabelledTransaction[],
  results: readonly CategorizeResult[],
): ParentAccuracyRow[] {
  const groups = new Map<
    string,
    { language: EvalLanguage; parent: string; rows: number; correct: number }
  >();
  rows.forEach((row, index) => {
    if (row.isTuning) return;
    const key = `${row.language}|${row.parent}`;
    const group = groups.get(key) ?? {
      language: row.language,
      parent: row.parent,
      rows: 0,
      correct: 0,
    };
    group.rows++;
    if (results[index]?.parent === row.parent) group.correct++;
    groups.set(key, group);
  });
  return [...groups.values()]
    .map(({ language, parent, rows: count, correct }) => ({
      language,
      parent,
      rows: count,
      accuracy: correct / count,
    }))
    .sort((a, b) => a.language.localeCompare(b.language) || b.rows - a.rows);
}

export type PrecisionRow = {
  source: CategorizeResult['source'];
  confidence: number;
  rows: number;
  precision: number;
};

/** How often answers of each source and confidence had the right parent: the calibration. */
export function measurePrecision(
  rows: readonly LabelledTransaction[],
  results: readonly CategorizeResult[],
): PrecisionRow[] {
  const groups = new Map<string, PrecisionRow & { correct: number }>();
  results.forEach((result, index) => {
    const key = `${result.source}|${result.confidence}`;
    const group = groups.get(key) ?? {
      source: result.source,
      confidence: result.confidence,
      rows: 0,
      correct: 0,
      precision: 0,
    };
    group.rows++;
    if (result.parent === rows[index]?.parent) group.correct++;
    groups.set(key, group);
  });
  return [...groups.values()]
    .map(({ source, confidence, rows: count, correct }) => ({
      source,
      confidence,
      rows: count,
      precision: correct / count,
    }))
    .sort((a, b) => b.confidence - a.confidence);
}
