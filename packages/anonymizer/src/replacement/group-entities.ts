import type { Label, Span } from '../types.js';
import { PERSON_TITLES } from '../titles.js';

const TITLES = new Set(PERSON_TITLES.map((title) => title.toLowerCase()));

/** A span with the entity it mentions: the same number for every variant of one entity. */
export type EntitySpan = Span & { entity: number };

function nameWords(text: string): string[] {
  return (
    text
      .replace(/['’]s$/u, '')
      // "INC." and "Inc" are one word; an initial ("J.") keeps its full stop.
      .replace(/(\p{L}{2,})\.$/u, '$1')
      .split(/[\s,]+/u)
      .map((word) => word.toLowerCase())
      .filter((word) => word !== '' && !TITLES.has(word.replace(/\.$/, '')))
  );
}

/** "j." stands for "john"; a whole word stands for itself. */
function wordMatches(short: string, long: string): boolean {
  if (short === long) return true;
  return /^\p{L}\.$/u.test(short) && long.startsWith(short.slice(0, 1));
}

/** Whether the words of a shorter mention ("Smith", "J. Smith") are all in a longer one. */
function isVariantOf(short: readonly string[], long: readonly string[]): boolean {
  return (
    short.length <= long.length &&
    short.every((word) => long.some((other) => wordMatches(word, other)))
  );
}

type Entity = { label: Label; words: string[] };

/**
 * Groups mentions into entities: equal text (ignoring case, titles and a possessive) is one
 * entity; a person mentioned by part of a longer name ("Mr Smith", "Smith" after
 * "John Smith") is the same person. Entities are numbered in order of first mention.
 */
export function groupEntities(text: string, spans: readonly Span[]): EntitySpan[] {
  const byKey = new Map<string, Entity>();
  const people: Entity[] = [];
  const entityOf = new Map<Span, Entity>();
  const wordsOf = new Map(spans.map((span) => [span, nameWords(text.slice(span.start, span.end))]));
  const byLength = [...spans].sort(
    (a, b) => (wordsOf.get(b)?.length ?? 0) - (wordsOf.get(a)?.length ?? 0) || a.start - b.start,
  );
  for (const span of byLength) {
    const words = wordsOf.get(span) ?? [];
    const key = `${span.label}:${words.join(' ') || text.slice(span.start, span.end).toLowerCase()}`;
    let entity = byKey.get(key);
    if (!entity && span.label === 'PERSON' && words.length > 0) {
      entity = people.find((person) => isVariantOf(words, person.words));
    }
    if (!entity) {
      entity = { label: span.label, words };
      if (span.label === 'PERSON') people.push(entity);
    }
    byKey.set(key, entity);
    entityOf.set(span, entity);
  }
  const order = new Map<Entity, number>();
  return [...spans]
    .sort((a, b) => a.start - b.start)
    .map((span) => {
      const entity = entityOf.get(span);
      if (!entity) throw new Error('Every span has an entity.');
      if (!order.has(entity)) order.set(entity, order.size);
      return { ...span, entity: order.get(entity) ?? 0 };
    });
}
