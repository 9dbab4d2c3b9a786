// Guessing the shared admin password is capped per client address and across all addresses
// together (issue 11: a guess spread over many addresses is still a guess). Only failures count,
// so an admin who unlocks often is never locked out by their own successes; once a cap is reached
// even the right password waits, or a guesser could tell which guess was right.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/http-errors.js';
import { clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logSecurityEvent } from '../observability/security-events.js';

export interface AdminVerifyLimit {
  /** Throws a 429 with Retry-After when this client, or everyone, has used up the failures. */
  assertNotLocked(request: FastifyRequest): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

export function createAdminVerifyLimit(app: FastifyInstance): AdminVerifyLimit {
  const limits = [
    createLimiter(app, { name: 'admin-verify-address', ...RATE_LIMITS.adminVerifyFailuresPerAddress, key: clientAddress }),
    createLimiter(app, { name: 'admin-verify-global', ...RATE_LIMITS.adminVerifyFailuresGlobal, key: () => 'all' }),
  ];
  return {
    async assertNotLocked(request) {
      for (const limit of limits) {
        const { locked, retryAfterSeconds } = await limit.isLocked(request);
        if (!locked) continue;
        app.metrics.rateLimitRefusals.inc({ limit: 'admin-verify' });
        logSecurityEvent(request, 'rate_limited', { limit: 'admin-verify' });
        const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
        throw tooManyRequests(`Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, retryAfterSeconds);
      }
    },
    async recordFailure(request) {
      logSecurityEvent(request, 'admin_verify_failed');
      for (const limit of limits) await limit.recordFailure(request);
    },
  };
}
