import { describe, expect, it } from 'vitest';
import { KEYWORD_RULES } from './keyword-rules.js';
import { normalizeDescription, readWords } from './normalize-description.js';
import { getCategoryByKey } from './taxonomy.js';

describe('KEYWORD_RULES', () => {
  it('points every rule at a sub-category of the taxonomy', () => {
    for (const rule of KEYWORD_RULES) {
      expect(getCategoryByKey(rule.category).subcategory.key).toBe(rule.category);
    }
  });

  it('has no term that normalises to nothing', () => {
    for (const rule of KEYWORD_RULES) {
      for (const term of rule.terms) {
        expect(readWords(normalizeDescription(term.replace(/\*$/, ''))), term).not.toEqual([]);
      }
    }
  });

  it('never sends one term to two categories for the same direction of money', () => {
    const seen = new Map<string, string>();
    for (const rule of KEYWORD_RULES) {
      for (const direction of rule.direction === undefined ? ['in', 'out'] : [rule.direction]) {
        for (const term of rule.terms) {
          const key = `${direction}|${readWords(normalizeDescription(term)).join(' ')}|${term.endsWith('*') ? '*' : ''}`;
          const previous = seen.get(key);
          expect(
            previous === undefined || previous === rule.category,
            `${term} (${direction})`,
          ).toBe(true);
          seen.set(key, rule.category);
        }
      }
    }
  });
});
