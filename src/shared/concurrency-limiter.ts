/** A task was refused because the queue is full (the caller answers 503 with Retry-After). */
export class QueueFullError extends Error {
  constructor() {
    super('The work queue is full');
    this.name = 'QueueFullError';
  }
}

export interface RunOptions {
  /** Waits at the front of the queue, and is never refused for a full queue (a known device's sign-in). */
  priority?: boolean;
}

export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>, options?: RunOptions): Promise<T>;
  /** Tasks waiting for a slot. */
  readonly pending: number;
  /** Tasks holding a slot now. */
  readonly running: number;
}

/**
 * Runs at most `max` tasks at once; the rest wait in arrival order, at most `maxPending` of them
 * (beyond that run() throws QueueFullError at once: a queue without a cap is a hang in waiting).
 * Image decoding is CPU-bound: on 2 cores, 20 uploads decoded at once only thrash the caches and
 * multiply peak memory.
 */
export function createConcurrencyLimiter(max: number, options: { maxPending?: number } = {}): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) throw new Error(`Concurrency must be a positive integer, got ${max}`);
  const maxPending = options.maxPending ?? Infinity;
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
    async run<T>(task: () => Promise<T>, options: RunOptions = {}): Promise<T> {
      if (running < max) running += 1;
      else if (options.priority) await new Promise<void>((resolve) => waiting.unshift(resolve));
      else if (waiting.length >= maxPending) throw new QueueFullError();
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
    get running(): number {
      return running;
    },
  };
}
