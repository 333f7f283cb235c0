/** Distinct values of a column seen one at a time, in bounded memory. */
export type DistinctCounter = {
  add(value: string): void;
  /** Exact while at most `maxExact` values were distinct; estimated (k minimum values) beyond. */
  count(): { distinct: number; isExact: boolean };
  /** Occurrences of each value while exact; `null` once there were too many to keep. */
  counts(): Map<string, number> | null;
};

/** Hashes kept for the estimate: its relative error is about 1/√k, 3 % here. */
const SKETCH_SIZE = 1024;

/** FNV-1a, 32 bits, as a number in (0, 1]. */
function hashToUnit(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) + 1) / 4294967296;
}

export function createDistinctCounter(maxExact: number): DistinctCounter {
  let exact: Map<string, number> | null = new Map();
  const smallest: number[] = [];
  const remember = (hash: number): void => {
    const last = smallest[smallest.length - 1] ?? Infinity;
    if (smallest.length === SKETCH_SIZE && hash >= last) return;
    let low = 0;
    let high = smallest.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((smallest[middle] ?? 0) < hash) low = middle + 1;
      else high = middle;
    }
    if (smallest[low] === hash) return;
    smallest.splice(low, 0, hash);
    if (smallest.length > SKETCH_SIZE) smallest.pop();
  };
  return {
    add(value) {
      remember(hashToUnit(value));
      if (exact === null) return;
      const seen = exact.get(value);
      // A new value is copied: a slice of a parsed chunk kept as a key would pin the chunk.
      if (seen === undefined) exact.set(structuredClone(value), 1);
      else exact.set(value, seen + 1);
      if (exact.size > maxExact) exact = null;
    },
    count() {
      if (exact !== null) return { distinct: exact.size, isExact: true };
      const kth = smallest[smallest.length - 1] ?? 1;
      return { distinct: Math.round((smallest.length - 1) / kth), isExact: false };
    },
    counts: () => exact,
  };
}
