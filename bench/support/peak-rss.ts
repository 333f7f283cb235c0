const MB = 1024 * 1024;

/** `work`'s result and the highest resident memory of this process while it ran, in MB. */
export async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, process.memoryUsage.rss()) / MB };
  } finally {
    clearInterval(timer);
  }
}
