/** A seeded generator of numbers in [0, 1) (mulberry32), so samples and shuffles repeat. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to `size` distinct indices of `0..length-1`, drawn without replacement. */
export function sampleIndices(options: {
  length: number;
  size: number;
  random: () => number;
}): number[] {
  const indices = Array.from({ length: options.length }, (_, index) => index);
  const size = Math.min(options.size, options.length);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(options.random() * (options.length - i));
    const swap = indices[i] ?? 0;
    indices[i] = indices[j] ?? 0;
    indices[j] = swap;
  }
  return indices.slice(0, size);
}
