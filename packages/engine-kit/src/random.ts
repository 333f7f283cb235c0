/** A seeded source of randomness: same seed, same sequence. */
export type Random = {
  /** Uniform in [0, 1). */
  uniform: () => number;
  /** Standard normal. */
  normal: () => number;
};

/** mulberry32 for uniforms, Box-Muller (keeping the spare draw) for normals. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  let spare: number | null = null;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (): number => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  return { uniform, normal };
}

/** Up to `size` distinct indices of `0..length-1`, drawn without replacement. */
export function sampleIndices(options: { length: number; size: number; random: Random }): number[] {
  const indices = Array.from({ length: options.length }, (_, index) => index);
  const size = Math.min(options.size, options.length);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(options.random.uniform() * (options.length - i));
    const swap = indices[i] ?? 0;
    indices[i] = indices[j] ?? 0;
    indices[j] = swap;
  }
  return indices.slice(0, size);
}
