/** A task was refused because the queue is full (the caller answers 503 with Retry-After). */
export class QueueFullError extends Error {
  constructor() {
    super('The work queue is full');
    this.name = 'QueueFullError';
  }
}

export interface RunOptions {
  /**
   * Waits at the front of the queue (behind earlier priority tasks only), may use the slots kept
   * for priority work, and is never refused for a full queue (a known device's sign-in).
   */
  priority?: boolean;
}

export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>, options?: RunOptions): Promise<T>;
  /** Tasks waiting for a slot. */
  readonly pending: number;
  /** Tasks holding a slot now. */
  readonly running: number;
}

export interface LimiterOptions {
  /** Tasks that may wait; beyond that run() throws QueueFullError at once. Priority tasks are not counted against it. */
  maxPending?: number;
  /** Slots on top of `max` that only priority tasks may take: one never waits for ordinary work to finish. */
  reservedForPriority?: number;
}

/**
 * Runs at most `max` tasks at once; the rest wait in arrival order, at most `maxPending` of them
 * (beyond that run() throws QueueFullError at once: a queue without a cap is a hang in waiting).
 * Image decoding is CPU-bound: on 2 cores, 20 uploads decoded at once only thrash the caches and
 * multiply peak memory.
 */
export function createConcurrencyLimiter(max: number, options: LimiterOptions = {}): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) throw new Error(`Concurrency must be a positive integer, got ${max}`);
  const maxPending = options.maxPending ?? Infinity;
  const reserved = options.reservedForPriority ?? 0;
  let running = 0;
  const urgent: Array<() => void> = [];
  const waiting: Array<() => void> = [];
  const hasSlot = (priority: boolean) => running < max + (priority ? reserved : 0);

  const startWaiting = () => {
    for (;;) {
      const next = urgent.length > 0 && hasSlot(true) ? urgent.shift() : waiting.length > 0 && hasSlot(false) ? waiting.shift() : undefined;
      if (!next) return;
      running += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>, options: RunOptions = {}): Promise<T> {
      const priority = options.priority === true;
      // Nobody of the same kind is waiting when there is a slot: a free slot is taken by the queue at once.
      if (hasSlot(priority)) running += 1;
      else if (priority) await new Promise<void>((resolve) => urgent.push(resolve));
      else if (waiting.length >= maxPending) throw new QueueFullError();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        running -= 1;
        startWaiting();
      }
    },
    get pending(): number {
      return urgent.length + waiting.length;
    },
    get running(): number {
      return running;
    },
  };
}
