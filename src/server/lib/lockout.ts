// Limits that count failures (wrong passwords) and lock once a key has used them up. The attempt
// is counted before the password is checked and given back when the password was right: a burst
// of 200 parallel guesses gets exactly as many checks as 200 guesses one after another, which is
// the budget, and a right password sent in the burst past the budget is refused too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LimitRule } from './rate-limit.js';
import type { AttemptStore } from './attempt-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The failure counters of every lockout: in memory, or in Redis shared by the fleet. */
    attemptStore: AttemptStore;
  }
}

export interface LockoutOptions extends LimitRule {
  /** Names the lockout in keys and metrics, e.g. 'login-failures'. */
  name: string;
  /** Whose failures are counted: an address, an email's hash, or one key for everyone. */
  key: (request: FastifyRequest) => string;
}

/** An attempt the lockout let through: checked now, and counted as a failure unless it succeeds. */
export interface AllowedAttempt {
  locked: false;
  /** This attempt used the last failure of the budget (if it fails, the key is locked now). */
  isLastAllowed: boolean;
  /** The password was right: the attempt is given back, so successes never lock anyone out. */
  succeeded(): Promise<void>;
  /** Not checked after all (another lockout refused it): given back. */
  cancel(): Promise<void>;
}

export type Attempt = AllowedAttempt | { locked: true; retryAfterSeconds: number };

export interface Lockout {
  begin(request: FastifyRequest): Promise<Attempt>;
}

export function createLockout(app: FastifyInstance, options: LockoutOptions): Lockout {
  return {
    async begin(request) {
      const key = `${options.name}:${options.key(request)}`;
      const taken = await app.attemptStore.take(key, options.windowMs);
      if (taken.count > options.max) {
        await taken.giveBack();
        app.metrics.rateLimitRefusals.inc({ limit: options.name });
        return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil(taken.ttlMs / 1000)) };
      }
      return { locked: false, isLastAllowed: taken.count === options.max, succeeded: taken.giveBack, cancel: taken.giveBack };
    },
  };
}
