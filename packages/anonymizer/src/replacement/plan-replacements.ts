import { createRandom } from '@app/engine-kit';
import type { Label, Span } from '../types.js';
import { groupEntities } from './group-entities.js';
import { pickDateShift } from './shift-dates.js';
import {
  createPersonSurrogate,
  createSurrogate,
  type Gender,
  type PersonSurrogate,
} from './surrogates.js';
import { LEADING_TITLE } from '../titles.js';

/**
 * How a finding is replaced: a numbered placeholder per entity ("[PERSON_1]"), one fixed
 * mask for everything, or a made-up value of the same kind (seeded, so repeatable).
 */
export type ReplacementStyle = 'placeholder' | 'mask' | 'surrogate';

export type ReplacementOptions = {
  style?: ReplacementStyle;
  /** The text of the mask style. */
  mask?: string;
  /** The seed of the surrogate style. */
  seed?: number;
};

export const DEFAULT_MASK = '[REDACTED]';

export type Replacement = Span & { entity: number; replacement: string };

const TITLE_GENDER: Record<string, Gender> = {
  Mr: 'male',
  Sir: 'male',
  Lord: 'male',
  Mrs: 'female',
  Ms: 'female',
  Miss: 'female',
  Lady: 'female',
};

function genderOfTitle(mention: string): Gender | undefined {
  const title = LEADING_TITLE.exec(mention)?.[0].replace(/\.?\s+$/u, '');
  return title === undefined ? undefined : TITLE_GENDER[title];
}

function personReplacement(mention: string, surrogate: PersonSurrogate): string {
  const title = LEADING_TITLE.exec(mention)?.[0] ?? '';
  const words = mention.slice(title.length).trim().split(/\s+/u);
  return title + (words.length === 1 ? surrogate.surname : surrogate.full);
}

/** What each finding becomes; the same entity gets the same replacement everywhere. */
export function planReplacements(options: {
  text: string;
  spans: readonly Span[];
  replacement?: ReplacementOptions;
}): Replacement[] {
  const { text, spans } = options;
  const style = options.replacement?.style ?? 'placeholder';
  const seed = options.replacement?.seed ?? 1;
  const random = createRandom(seed).uniform;
  // One shift for every date of the document, drawn apart from the other surrogates.
  const dateShift = pickDateShift(createRandom(seed ^ 0x5f3759df).uniform);
  const numbers = new Map<number, number>();
  const countByLabel = new Map<Label, number>();
  const surrogates = new Map<number, string | PersonSurrogate | undefined>();

  return groupEntities(text, spans).map((span) => {
    const mention = text.slice(span.start, span.end);
    let number = numbers.get(span.entity);
    if (number === undefined) {
      number = (countByLabel.get(span.label) ?? 0) + 1;
      countByLabel.set(span.label, number);
      numbers.set(span.entity, number);
    }
    const placeholder = `[${span.label}_${number}]`;
    if (style === 'placeholder') return { ...span, replacement: placeholder };
    if (style === 'mask')
      return { ...span, replacement: options.replacement?.mask ?? DEFAULT_MASK };
    if (!surrogates.has(span.entity)) {
      surrogates.set(
        span.entity,
        span.label === 'PERSON'
          ? createPersonSurrogate(random, genderOfTitle(mention))
          : createSurrogate({ label: span.label, value: mention, random, dateShift }),
      );
    }
    const surrogate = surrogates.get(span.entity);
    if (surrogate === undefined) return { ...span, replacement: placeholder };
    return {
      ...span,
      replacement:
        typeof surrogate === 'string' ? surrogate : personReplacement(mention, surrogate),
    };
  });
}

/** The text with each replacement in place of its span (spans must not overlap). */
export function applyReplacements(text: string, replacements: readonly Replacement[]): string {
  let result = '';
  let position = 0;
  for (const { start, end, replacement } of [...replacements].sort((a, b) => a.start - b.start)) {
    result += text.slice(position, start) + replacement;
    position = end;
  }
  return result + text.slice(position);
}
