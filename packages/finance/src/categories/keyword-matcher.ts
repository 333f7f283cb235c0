import {
  KEYWORD_RULES,
  type Direction,
  type KeywordRule,
  type RuleStrength,
} from './keyword-rules.js';
import {
  WORD_END,
  WORD_START,
  decodeText,
  normalizeDescription,
  readWords,
  type NormalizedDescription,
} from './normalize-description.js';
import { createPhraseMatcher } from './phrase-matcher.js';
import { getCategoryByKey } from './taxonomy.js';

const STRENGTH_RANK: Record<RuleStrength, number> = {
  context: 0,
  keyword: 1,
  merchant: 2,
  specific: 3,
};
const MIN_SQUASHED_LENGTH = 6;
/** Kinds of business found inside a longer word (`ZALMOCRAFTBEER`, `QUENDAPETROL`). */
const MIN_COMPOUND_LENGTH = 5;

/** A term's rank among the matches, per direction of the money (higher wins). */
type CompiledTerm = {
  rule: KeywordRule;
  /** Letters and digits of the term, without spaces. */
  length: number;
  scoreOut: number;
  scoreIn: number;
  /**
   * Found without spaces when it begins or ends a word (a compound such as `KAFFEZALMO`);
   * otherwise it must do both.
   */
  isCompoundPart: boolean;
};

/** The rules compiled into two phrase matchers: one over words, one over squashed text. */
type KeywordIndex = {
  wordTerms: CompiledTerm[];
  squashedTerms: CompiledTerm[];
  wordMatcher: ReturnType<typeof createPhraseMatcher>;
  squashedMatcher: ReturnType<typeof createPhraseMatcher>;
  /** Single words that name a merchant: a correction may follow them to other branches. */
  merchantWords: ReadonlySet<string>;
  /** Single words that only describe a kind of business or operation. */
  genericWords: ReadonlySet<string>;
};

/**
 * Strength first, then the longer term (more specific), then the earlier rule.
 * Rules stay below 1,000 and terms below 1,000 characters.
 */
function compileTerm(
  rule: KeywordRule,
  ruleIndex: number,
  phrase: string,
  squashedLength: number,
): CompiledTerm {
  const termLength = phrase.length;
  const tieBreak = termLength * 1_000 + (999 - ruleIndex);
  const rank = STRENGTH_RANK[rule.strength];
  // Money in whose text only names a kind of business ("TRANSFERENCIA DE X CONSULTING SL")
  // comes from that business more often than it refunds a purchase from it.
  const isWeakExpense =
    rule.direction === undefined &&
    rank <= STRENGTH_RANK.keyword &&
    getCategoryByKey(rule.category).parent.key !== 'income';
  return {
    rule,
    length: squashedLength,
    scoreOut: rank * 1_000_000 + tieBreak,
    scoreIn: (isWeakExpense ? rank - 2 : rank) * 1_000_000 + tieBreak,
    isCompoundPart: false,
  };
}

function compileIndex(rules: readonly KeywordRule[]): KeywordIndex {
  const wordPatterns: string[] = [];
  const wordTerms: CompiledTerm[] = [];
  const squashedPatterns: string[] = [];
  const squashedTerms: CompiledTerm[] = [];
  const merchantWords = new Set<string>();
  const genericWords = new Set<string>();

  rules.forEach((rule, ruleIndex) => {
    const isNamed = rule.strength === 'specific' || rule.strength === 'merchant';
    for (const term of rule.terms) {
      const isPrefix = term.endsWith('*');
      const normalized = normalizeDescription(isPrefix ? term.slice(0, -1) : term);
      const phrase = readWords(normalized).join(' ');
      const squashed = decodeText(normalized.squashed);
      if (phrase === '') throw new Error(`Empty keyword term in rule ${ruleIndex}`);
      const compiled = compileTerm(rule, ruleIndex, phrase, squashed.length);
      wordPatterns.push(isPrefix ? ` ${phrase}` : ` ${phrase} `);
      wordTerms.push(compiled);
      if (isNamed && squashed.length >= MIN_SQUASHED_LENGTH) {
        squashedPatterns.push(squashed);
        squashedTerms.push(compiled);
      } else if (rule.strength === 'keyword' && squashed.length >= MIN_COMPOUND_LENGTH) {
        squashedPatterns.push(squashed);
        squashedTerms.push({ ...compiled, isCompoundPart: true });
      }
      if (!phrase.includes(' ')) (isNamed ? merchantWords : genericWords).add(phrase);
    }
  });

  return {
    wordTerms,
    squashedTerms,
    wordMatcher: createPhraseMatcher(wordPatterns),
    squashedMatcher: createPhraseMatcher(squashedPatterns),
    merchantWords,
    genericWords,
  };
}

const INDEX = compileIndex(KEYWORD_RULES);

/** Reused between calls: pairs of (pattern, end position). */
const wordHits: number[] = [];
const squashedHits: number[] = [];

/** The strongest rule for this direction whose term occurs in the description. */
export function findKeywordRule(
  text: NormalizedDescription,
  direction: Direction,
): KeywordRule | undefined {
  wordHits.length = 0;
  squashedHits.length = 0;
  INDEX.wordMatcher.collectMatches(text.spaced, wordHits);
  INDEX.squashedMatcher.collectMatches(text.squashed, squashedHits);
  const candidates: CompiledTerm[] = [];
  for (let index = 0; index < wordHits.length; index += 2) {
    const term = INDEX.wordTerms[wordHits[index] ?? -1];
    if (term) candidates.push(term);
  }
  // Without spaces a name must still begin and end on word edges: CORTE ING LES holds
  // CORTEINGLES, but SAN LAMEER does not hold the insurer SANLAM. A kind of business needs
  // one edge: ZALMOCRAFTBEER ends with CRAFTBEER.
  for (let index = 0; index < squashedHits.length; index += 2) {
    const term = INDEX.squashedTerms[squashedHits[index] ?? -1];
    const end = squashedHits[index + 1] ?? 0;
    if (!term) continue;
    const startsWord = ((text.boundaries[end - term.length + 1] ?? 0) & WORD_START) !== 0;
    const endsWord = ((text.boundaries[end] ?? 0) & WORD_END) !== 0;
    if (term.isCompoundPart ? startsWord || endsWord : startsWord && endsWord) {
      candidates.push(term);
    }
  }
  let bestScore = -Infinity;
  let bestRule: KeywordRule | undefined;
  for (const term of candidates) {
    const score = direction === 'in' ? term.scoreIn : term.scoreOut;
    if (score <= bestScore) continue;
    if (term.rule.direction !== undefined && term.rule.direction !== direction) continue;
    bestScore = score;
    bestRule = term.rule;
  }
  return bestRule;
}

/** True when the word alone names a merchant in the keyword knowledge (`MERCADONA`). */
export function isMerchantWord(word: string): boolean {
  return INDEX.merchantWords.has(word);
}

/** True when the word only names a kind of business or operation (`BAR`, `TRANSFERENCIA`). */
export function isGenericWord(word: string): boolean {
  return INDEX.genericWords.has(word);
}
