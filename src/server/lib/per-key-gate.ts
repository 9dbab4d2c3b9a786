import { tooManyRequests } from './http-errors.js';

/**
 * At most `maxPerKey` tasks per key at once; one more is refused with a 429 at once (issue 11:
 * one account asking for many huge base64 reports or PDFs in parallel would hold the server's
 * memory and CPU). Counted per process: a fleet of N servers allows N times as many.
 */
export function createPerKeyGate(maxPerKey: number, refusal: { message: string; retryAfterSeconds: number }) {
  const running = new Map<string, number>();
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const held = running.get(key) ?? 0;
      if (held >= maxPerKey) throw tooManyRequests(refusal.message, refusal.retryAfterSeconds);
      running.set(key, held + 1);
      try {
        return await task();
      } finally {
        const left = (running.get(key) ?? 1) - 1;
        if (left === 0) running.delete(key);
        else running.set(key, left);
      }
    },
  };
}
