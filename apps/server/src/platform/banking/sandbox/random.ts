import { createHash } from 'node:crypto';
import { createRandom as createUniformSource } from '@app/engine-kit';

/** A pseudo-random source: every draw is a function of the seed and the draws before it. */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
};

/** A 32-bit string hash (cyrb-style multiply-xorshift), to seed the generator. */
function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  return h1 >>> 0;
}

/** The engines' seeded generator, seeded by the text's hash, with the draws statements need. */
export function createRandom(seed: string): Random {
  const next = createUniformSource(hashString(seed)).uniform;
  const integer = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    next,
    integer,
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    sample: (items, count) => {
      const left = [...items];
      const chosen: (typeof items)[number][] = [];
      while (chosen.length < count && left.length > 0) {
        chosen.push(...left.splice(Math.floor(next() * left.length), 1));
      }
      return chosen;
    },
  };
}

/** A stable id made of its parts: the same parts always give the same id. */
export function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;
}
