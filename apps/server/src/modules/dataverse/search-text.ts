/**
 * The catalogue search folds accents and case in one place, for the text it stores and the
 * query it reads: "Créditos" and "creditos" are one word. (PostgreSQL's `unaccent()` is not
 * immutable, so it cannot feed the stored search vector; folding here keeps both sides equal.)
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words (letters and digits only), at most 12. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12);
}
