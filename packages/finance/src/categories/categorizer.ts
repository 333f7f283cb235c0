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
import { CATEGORY_MODEL_DATA, MODEL_SETTINGS } from './category-model-data.js';
import { findKeywordRule } from './keyword-matcher.js';
import type { Direction, RuleStrength } from './keyword-rules.js';
import {
  createCategoryModel,
  readModelFeatures,
  type CategoryModel,
  type LearnedGuess,
} from './learned-model.js';
import {
  normalizeDescription,
  readWords,
  type NormalizedDescription,
} from './normalize-description.js';
import {
  findCategory,
  getCategoryByKey,
  type CategoryEntry,
  type CategoryKey,
} from './taxonomy.js';

/** A transaction to categorise; `amount` in signed integer cents (money in positive). */
export type CategorizeInput = { description: string; amount: number };

/**
 * Where the answer came from: the team's corrections, the keyword knowledge, the learned
 * model (when it overrules a weaker keyword answer), or nothing.
 */
export type CategorySource = 'correction' | 'keyword' | 'model' | 'default';

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
  /** The learned model beside the keyword rules: the shipped one by default, `null` for none. */
  model?: CategoryModel | null;
};

/**
 * How much the keyword answer says: `none` (no rule), `weak` (only the kind of operation,
 * or a sender's name), `keyword` (a kind of business), `strong` (a merchant or a phrase that
 * settles it). The model overrules an answer when its probability passes that tier's bar.
 */
export type RuleTier = 'none' | 'weak' | 'keyword' | 'strong';
export type ModelThresholds = { weak: number; keyword: number; strong: number };
/** The bars, and the precision the model's overrulings had in the cross-validation. */
export type ModelSettings = { thresholds: ModelThresholds; confidence: number };
export type RuleAnswer = { entry: CategoryEntry; confidence: number; tier: RuleTier };

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
const RULE_TIER: Record<RuleStrength, RuleTier> = {
  specific: 'strong',
  merchant: 'strong',
  keyword: 'keyword',
  context: 'weak',
};
const UNKNOWN_CONFIDENCE = 0.1;
/**
 * The sub-category a model's parent lands in when the rules named another parent: the
 * parent's most general one.
 */
const MODEL_SUBCATEGORY: Record<string, CategoryKey> = {
  'no-category': 'uncategorized',
  'food-dining': 'restaurants',
  transportation: 'public-transport',
  'home-office': 'furniture-diy',
  'health-personal-care': 'medical',
  'leisure-travelling': 'culture-events',
  purchases: 'other-purchases',
  family: 'family-transfers',
  utilities: 'telecom',
  'miscellaneous-expenses': 'other-expenses',
  employees: 'payroll',
  business: 'professional-services',
  income: 'other-income',
};
let shippedModel: CategoryModel | undefined;
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

function answerByRules(text: NormalizedDescription, direction: Direction): RuleAnswer {
  const rule = findKeywordRule(text, direction);
  if (rule) {
    return {
      entry: getCategoryByKey(rule.category),
      confidence: KEYWORD_CONFIDENCE[rule.strength],
      tier: RULE_TIER[rule.strength],
    };
  }
  if (direction === 'in' && isSenderName(text)) {
    return {
      entry: getCategoryByKey('transfers-received'),
      confidence: KEYWORD_CONFIDENCE.context,
      tier: 'weak',
    };
  }
  return { entry: getCategoryByKey('uncategorized'), confidence: UNKNOWN_CONFIDENCE, tier: 'none' };
}

/** The keyword rules' answer alone, with its tier (the training script weighs it). */
export function categorizeByRules(input: CategorizeInput): RuleAnswer {
  assertTransaction(input);
  return answerByRules(normalizeDescription(input.description), getDirection(input.amount));
}

/**
 * The rules' answer, or the model's parent when the model is surer than the bar of the
 * rules' tier (no bar when no rule answered). The confidence of a model's answer is the
 * precision such answers had in the cross-validation: naive Bayes probabilities run high.
 */
export function combineWithModel(
  answer: RuleAnswer,
  guess: LearnedGuess | undefined,
  { thresholds, confidence }: ModelSettings,
): CategorizeResult {
  const ruleResult = buildResult(
    answer.entry,
    answer.confidence,
    answer.tier === 'none' ? 'default' : 'keyword',
  );
  if (!guess || guess.parent === answer.entry.parent.key) return ruleResult;
  const bar = answer.tier === 'none' ? 0 : thresholds[answer.tier];
  if (guess.probability < bar) return ruleResult;
  const subcategory = MODEL_SUBCATEGORY[guess.parent];
  if (subcategory === undefined) return ruleResult;
  return buildResult(getCategoryByKey(subcategory), confidence, 'model');
}

function getShippedModel(): CategoryModel {
  shippedModel ??= createCategoryModel(CATEGORY_MODEL_DATA);
  return shippedModel;
}

/**
 * A categoriser that knows Spanish and English merchants and banking words from day one,
 * backed by a model learned from labelled descriptions, and learns from one team's
 * corrections. Create one per team from that team's corrections.
 */
export function createCategorizer(options: CreateCategorizerOptions = {}): Categorizer {
  const initial = options.corrections ?? EMPTY_CORRECTIONS;
  assertCorrections(initial);
  const model = options.model === undefined ? getShippedModel() : options.model;
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
    const answer = answerByRules(text, direction);
    const canOverrule = answer.tier === 'none' || MODEL_SETTINGS.thresholds[answer.tier] <= 1;
    const guess = canOverrule ? model?.guess(readModelFeatures(text), direction) : undefined;
    return combineWithModel(answer, guess, MODEL_SETTINGS);
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
