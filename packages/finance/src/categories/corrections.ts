import { CategorizationError } from './categorization-error.js';
import { isGenericWord, isMerchantWord } from './keyword-matcher.js';
import type { Direction } from './keyword-rules.js';
import { readWords, type NormalizedDescription } from './normalize-description.js';
import { findCategory } from './taxonomy.js';

/** One correction a team made: transactions like this one belong to `categoryId`. */
export type CorrectionEntry = {
  /** The description's words without numbers (`COMPRA EN BAR PEPE CON LA TARJETA EL`). */
  signature: string;
  /** Its first two significant words, before any free-text concept (`BAR PEPE`). */
  merchant: string;
  direction: Direction;
  categoryId: number;
};

/**
 * A team's learned corrections: plain JSON that the caller stores per team and hands back
 * to `createCategorizer`. Newest entries last; the oldest go beyond `MAX_CORRECTIONS`.
 */
export type CategoryCorrections = { version: 1; entries: readonly CorrectionEntry[] };

export const EMPTY_CORRECTIONS: CategoryCorrections = { version: 1, entries: [] };
export const MAX_CORRECTIONS = 20_000;

/** How closely a transaction matched a correction, closest first. */
export type CorrectionMatch = 'description' | 'merchant' | 'merchant-word';

/** Bank boilerplate that says nothing about who was paid. */
const BOILERPLATE_WORDS = new Set(
  (
    'COMPRA COMPRAS EN CON LA LAS EL LOS DE DEL Y A AL POR PARA TARJETA TARJ TARJE ETA TA ' +
    'APPLE GOOGLE SAMSUNG PAY TRANSACCION OTROS RECIBO PAGO PAGOS NUM NO REF MANDATO ' +
    'TRANSFERENCIA TRANSF FAVOR RECIBIDA EMITIDA ENVIADA ORDEN DOMICILIACION CARGO ADEUDO ' +
    'ABONO REGULARIZACION OPERACION OPERACIONES SEPA DIRECT DEBIT INCOMING OUTGOING TRANSFER ' +
    'TO FOR FROM BIZUM POS PURCHASE CARD RECURRING ONLINE ORDER PAYMENT INTERNATIONAL ' +
    'EFFEC OVERSEAS MAGTAPE NAEDO DEBICHECK APP BANKING CREDIT'
  ).split(' '),
);
/** Words after which a description carries free text or references, not the payee. */
const CONCEPT_MARKERS = new Set(['CONCEPTO', 'CONCEPT', 'CONC', 'REF', 'MANDATO', 'DESDE']);
const MASKED = /^X{4,}/;
const DIGIT = /\d/;

function isSignificant(word: string): boolean {
  return (
    word.length >= 2 && !DIGIT.test(word) && !MASKED.test(word) && !BOILERPLATE_WORDS.has(word)
  );
}

/** The parts of a description that corrections are matched on. */
export type LearningKeys = { signature: string; merchant: string; merchantWords: string[] };

export function describeForLearning(text: NormalizedDescription): LearningKeys {
  const words = readWords(text);
  const signature = words.filter((word) => !DIGIT.test(word) && !MASKED.test(word)).join(' ');
  const significant: string[] = [];
  const beforeConcept: string[] = [];
  let isInConcept = false;
  for (const word of words) {
    if (CONCEPT_MARKERS.has(word)) isInConcept = true;
    if (!isSignificant(word)) continue;
    significant.push(word);
    if (!isInConcept) beforeConcept.push(word);
  }
  const merchantWords = (beforeConcept.length > 0 ? beforeConcept : significant).slice(0, 2);
  return { signature, merchant: merchantWords.join(' '), merchantWords };
}

/** Lookup tables over a team's corrections; later entries override earlier ones. */
export type CorrectionIndex = {
  bySignature: Map<string, number>;
  byMerchant: Map<string, number>;
  byFirstWord: Map<string, number>;
  /** Merchants known by one word only (`JIJONENCA`). */
  singleWordMerchants: Set<string>;
};

export function createCorrectionIndex(): CorrectionIndex {
  return {
    bySignature: new Map(),
    byMerchant: new Map(),
    byFirstWord: new Map(),
    singleWordMerchants: new Set(),
  };
}

function buildKey(direction: Direction, text: string): string {
  return `${direction}|${text}`;
}

export function addToIndex(index: CorrectionIndex, entry: CorrectionEntry): void {
  index.bySignature.set(buildKey(entry.direction, entry.signature), entry.categoryId);
  if (entry.merchant === '') return;
  index.byMerchant.set(buildKey(entry.direction, entry.merchant), entry.categoryId);
  const words = entry.merchant.split(' ');
  const firstWord = words[0] ?? '';
  if (isGenericWord(firstWord)) return;
  index.byFirstWord.set(buildKey(entry.direction, firstWord), entry.categoryId);
  if (words.length === 1) index.singleWordMerchants.add(buildKey(entry.direction, firstWord));
}

export function findCorrection(
  index: CorrectionIndex,
  keys: LearningKeys,
  direction: Direction,
): { categoryId: number; match: CorrectionMatch } | undefined {
  const bySignature = index.bySignature.get(buildKey(direction, keys.signature));
  if (bySignature !== undefined) return { categoryId: bySignature, match: 'description' };
  if (keys.merchant === '') return undefined;
  const byMerchant = index.byMerchant.get(buildKey(direction, keys.merchant));
  if (byMerchant !== undefined) return { categoryId: byMerchant, match: 'merchant' };
  // One word is enough when it names a merchant, or when one side knows the merchant by
  // that word alone; never for a generic word such as BAR or for a first name.
  const firstWord = keys.merchantWords[0] ?? '';
  const firstWordKey = buildKey(direction, firstWord);
  const isOneWordEnough =
    isMerchantWord(firstWord) ||
    keys.merchantWords.length === 1 ||
    index.singleWordMerchants.has(firstWordKey);
  if (!isOneWordEnough || isGenericWord(firstWord)) return undefined;
  const byFirstWord = index.byFirstWord.get(firstWordKey);
  return byFirstWord === undefined
    ? undefined
    : { categoryId: byFirstWord, match: 'merchant-word' };
}

function isCorrectionEntry(value: unknown): value is CorrectionEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.signature === 'string' &&
    typeof entry.merchant === 'string' &&
    (entry.direction === 'in' || entry.direction === 'out') &&
    typeof entry.categoryId === 'number' &&
    findCategory(entry.categoryId) !== undefined
  );
}

/** Checks corrections read back from storage; throws `INVALID_CORRECTIONS` when malformed. */
export function assertCorrections(value: unknown): asserts value is CategoryCorrections {
  if (typeof value !== 'object' || value === null) {
    throw new CategorizationError('INVALID_CORRECTIONS', 'corrections must be an object');
  }
  const { version, entries } = value as Record<string, unknown>;
  if (version !== 1) {
    throw new CategorizationError('INVALID_CORRECTIONS', 'corrections.version must be 1');
  }
  if (!Array.isArray(entries)) {
    throw new CategorizationError('INVALID_CORRECTIONS', 'corrections.entries must be an array');
  }
  const badIndex = entries.findIndex((entry) => !isCorrectionEntry(entry));
  if (badIndex >= 0) {
    throw new CategorizationError(
      'INVALID_CORRECTIONS',
      `corrections.entries[${badIndex}] is not a valid correction`,
    );
  }
}
