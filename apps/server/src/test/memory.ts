import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A young-generation collection before each sample (fast, unlike a full one), so that the
// chunks already passed on are not counted.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
const collectGarbage = () => {
  gc({ type: 'minor' });
};

/** The most the process's live Buffer memory grew above its level at the start, while `run` ran. */
export async function peakBufferGrowth(run: () => Promise<void>): Promise<number> {
  collectGarbage();
  const start = process.memoryUsage().arrayBuffers;
  let peak = start;
  const sample = () => {
    collectGarbage();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  };
  const sampler = setInterval(sample, 10);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return peak - start;
}
