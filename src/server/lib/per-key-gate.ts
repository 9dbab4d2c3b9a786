import { tooManyRequests, type HttpError } from './http-errors.js';
import type { ErrorCode, ErrorParams } from '../../shared/error-codes.js';

type FixedMessageCode = { [C in ErrorCode]: ErrorParams<C> extends [] ? C : never }[ErrorCode];

/**
 * At most `maxPerKey` places per key at once; one more is refused at once (one account asking for
 * many huge base64 reports or PDFs in parallel, one user's many uploads or exports, or one address
 * for many password hashes, would hold the server's memory and CPU). The one per-key counter of the
 * server. Counted per process: a fleet of N servers allows N times as many.
 */
export function createPerKeyGate<K = string>(maxPerKey: number, refusal: { code: FixedMessageCode; retryAfterSeconds: number } | (() => HttpError)) {
  const refuse = typeof refusal === 'function' ? refusal : () => tooManyRequests(refusal.code, refusal.retryAfterSeconds);
  const held = new Map<K, number>();

  /** Takes a place for the key, or throws the refusal; the place is held until the returned leave() (once; more calls do nothing). */
  const enter = (key: K): (() => void) => {
    const taken = held.get(key) ?? 0;
    if (taken >= maxPerKey) throw refuse();
    held.set(key, taken + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const rest = (held.get(key) ?? 1) - 1;
      if (rest === 0) held.delete(key);
      else held.set(key, rest);
    };
  };

  return {
    enter,
    /** Runs the task in a place of its own for the key. */
    async run<T>(key: K, task: () => Promise<T>): Promise<T> {
      const leave = enter(key);
      try {
        return await task();
      } finally {
        leave();
      }
    },
  };
}
