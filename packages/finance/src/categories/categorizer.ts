import { CategorizationError } from './categorization-error.js';
import {
  EMPTY_CORRECTIONS,
  MAX_CORRECTIONS,
  addToIndex,
  assertCorrections,
  createCorrectionIndex,
  describeForLearning,
  findCorrection,
  type CategoryCorrections,
  type CorrectionEntry,
  type CorrectionIndex,
  type CorrectionMatch,
} from './corrections.js';
import { findKeywordRule } from './keyword-matcher.js';
import type { Direction, RuleStrength } from './keyword-rules.js';
import {
  normalizeDescription,
  readWords,
  type NormalizedDescription,
} from './normalize-description.js';
import { findCategory, getCategoryByKey, type CategoryEntry } from './taxonomy.js';

/** A transaction to categorise; `amount` in signed integer cents (money in positive). */
export type CategorizeInput = { description: string; amount: number };

/** Where the answer came from: the team's corrections, the keyword knowledge, or nothing. */
export type CategorySource = 'correction' | 'keyword' | 'default';

export type CategorizeResult = {
  /** The sub-category's id (spec: category.catId). */
  categoryId: number;
  /** The sub-category's English name. */
  category: string;
  parentId: number;
  /** The parent's English name, one of the spec's 13. */
  parent: string;
  /** 0 to 1: how likely the answer is right (see the benchmark for measured precision). */
  confidence: number;
  source: CategorySource;
};

/** A team's correction: this transaction belongs to sub-category `categoryId`. */
export type LearnInput = CategorizeInput & { categoryId: number };

export type Categorizer = {
  categorize(input: CategorizeInput): CategorizeResult;
  /**
   * Remembers a correction: this categoriser applies it from now on to the same and to
   * similar descriptions (same merchant, same direction of money). Returns the team's new
   * corrections for the caller to store; the corrections passed in are left unchanged.
   */
  learn(input: LearnInput): CategoryCorrections;
  readonly corrections: CategoryCorrections;
};

export type CreateCategorizerOptions = {
  /** The team's corrections as returned by an earlier `learn`; none by default. */
  corrections?: CategoryCorrections;
};

// Rounded from the precision measured on the labelled development sets (see the benchmark).
const CORRECTION_CONFIDENCE: Record<CorrectionMatch, number> = {
  description: 0.98,
  merchant: 0.95,
  'merchant-word': 0.9,
};
const KEYWORD_CONFIDENCE: Record<RuleStrength, number> = {
  specific: 0.85,
  merchant: 0.9,
  keyword: 0.85,
  context: 0.55,
};
const UNKNOWN_CONFIDENCE = 0.1;
const MIN_NAME_WORDS = 2;
const MAX_NAME_WORDS = 6;
const LETTERS_ONLY = /^[A-Z]+$/;

/**
 * Money in whose whole text is a few words of letters (`ANA MARIA LOPEZ RUIZ`): the
 * sender's name, as some banks show a transfer from a person.
 */
function isSenderName(text: NormalizedDescription): boolean {
  const words = readWords(text);
  return (
    words.length >= MIN_NAME_WORDS &&
    words.length <= MAX_NAME_WORDS &&
    words.every((word) => LETTERS_ONLY.test(word))
  );
}

function getDirection(amount: number): Direction {
  return amount > 0 ? 'in' : 'out';
}

function assertTransaction(input: CategorizeInput): void {
  if (typeof input.description !== 'string') {
    throw new CategorizationError('INVALID_TRANSACTION', 'description must be a string');
  }
  if (!Number.isSafeInteger(input.amount)) {
    throw new CategorizationError('INVALID_TRANSACTION', 'amount must be an integer (cents)');
  }
}

function buildResult(
  entry: CategoryEntry,
  confidence: number,
  source: CategorySource,
): CategorizeResult {
  return {
    categoryId: entry.subcategory.id,
    category: entry.subcategory.names['en-US'],
    parentId: entry.parent.id,
    parent: entry.parent.names['en-US'],
    confidence,
    source,
  };
}

function buildIndex(entries: readonly CorrectionEntry[]): CorrectionIndex {
  const index = createCorrectionIndex();
  for (const entry of entries) addToIndex(index, entry);
  return index;
}

/**
 * A categoriser that knows Spanish and English merchants and banking words from day one and
 * learns from one team's corrections. Create one per team from that team's corrections.
 */
export function createCategorizer(options: CreateCategorizerOptions = {}): Categorizer {
  const initial = options.corrections ?? EMPTY_CORRECTIONS;
  assertCorrections(initial);
  let entries: readonly CorrectionEntry[] = initial.entries;
  let index = buildIndex(entries);

  function categorize(input: CategorizeInput): CategorizeResult {
    assertTransaction(input);
    const direction = getDirection(input.amount);
    const text = normalizeDescription(input.description);
    // Skipped without corrections: reading the words costs as much as the keyword search.
    if (entries.length > 0) {
      const corrected = findCorrection(index, describeForLearning(text), direction);
      const entry = corrected ? findCategory(corrected.categoryId) : undefined;
      if (corrected && entry) {
        return buildResult(entry, CORRECTION_CONFIDENCE[corrected.match], 'correction');
      }
    }
    const rule = findKeywordRule(text, direction);
    if (rule) {
      const entry = getCategoryByKey(rule.category);
      return buildResult(entry, KEYWORD_CONFIDENCE[rule.strength], 'keyword');
    }
    if (direction === 'in' && isSenderName(text)) {
      return buildResult(
        getCategoryByKey('transfers-received'),
        KEYWORD_CONFIDENCE.context,
        'keyword',
      );
    }
    return buildResult(getCategoryByKey('uncategorized'), UNKNOWN_CONFIDENCE, 'default');
  }

  function learn(input: LearnInput): CategoryCorrections {
    assertTransaction(input);
    if (findCategory(input.categoryId) === undefined) {
      throw new CategorizationError(
        'UNKNOWN_CATEGORY',
        `no sub-category has id ${input.categoryId}`,
      );
    }
    const keys = describeForLearning(normalizeDescription(input.description));
    const entry: CorrectionEntry = {
      signature: keys.signature,
      merchant: keys.merchant,
      direction: getDirection(input.amount),
      categoryId: input.categoryId,
    };
    const kept = entries.filter(
      (old) => old.signature !== entry.signature || old.direction !== entry.direction,
    );
    kept.push(entry);
    if (kept.length > MAX_CORRECTIONS) {
      entries = kept.slice(kept.length - MAX_CORRECTIONS);
      index = buildIndex(entries);
    } else {
      entries = kept;
      addToIndex(index, entry);
    }
    return { version: 1, entries };
  }

  return {
    categorize,
    learn,
    get corrections() {
      return { version: 1, entries } as const;
    },
  };
}
