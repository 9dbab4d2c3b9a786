// Guessing the shared admin password is capped per client address and across all addresses
// together (a guess spread over many addresses is still a guess). Only failures count,
// so an admin who unlocks often is never locked out by their own successes; once a cap is reached
// even the right password waits, or a guesser could tell which guess was right. Each attempt is
// counted before the password is compared (lib/lockout.ts): a parallel burst gets no more tries.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/http-errors.js';
import { createLockout, type AllowedAttempt } from '../lib/lockout.js';
import { clientAddress } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logSecurityEvent } from '../observability/security-events.js';

export interface AdminVerifyAttempt {
  succeeded(): Promise<void>;
  failed(): void;
}

export interface AdminVerifyLimit {
  /** Counts this attempt, or throws a 429 with Retry-After when this client, or everyone, has used up the failures. */
  begin(request: FastifyRequest): Promise<AdminVerifyAttempt>;
}

export function createAdminVerifyLimit(app: FastifyInstance): AdminVerifyLimit {
  const lockouts = [
    createLockout(app, { name: 'admin-verify-address', ...RATE_LIMITS.adminVerifyFailuresPerAddress, key: clientAddress }),
    createLockout(app, { name: 'admin-verify-global', ...RATE_LIMITS.adminVerifyFailuresGlobal, key: () => 'all' }),
  ];
  return {
    async begin(request) {
      const allowed: AllowedAttempt[] = [];
      for (const lockout of lockouts) {
        const attempt = await lockout.begin(request);
        if (!attempt.locked) {
          allowed.push(attempt);
          continue;
        }
        // Refused unchecked: the other counters get this attempt back.
        await Promise.all(allowed.map((other) => other.cancel()));
        logSecurityEvent(request, 'rate_limited', { limit: 'admin-verify' });
        const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
        throw tooManyRequests('admin_verify_rate_limited', attempt.retryAfterSeconds, { minutes });
      }
      return {
        succeeded: async () => void (await Promise.all(allowed.map((attempt) => attempt.succeeded()))),
        failed: () => logSecurityEvent(request, 'admin_verify_failed'),
      };
    },
  };
}
