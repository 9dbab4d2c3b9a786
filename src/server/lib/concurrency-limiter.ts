/**
 * Runs at most `max` tasks at once; the rest wait in arrival order. Image decoding is CPU-bound:
 * on 2 cores, 20 uploads decoded at once only thrash the caches and multiply peak memory.
 */
export function createConcurrencyLimiter(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`Concurrency must be a positive integer, got ${max}`);
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get pending(): number {
      return waiting.length;
    },
  };
}
