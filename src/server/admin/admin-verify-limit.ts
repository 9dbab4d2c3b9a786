// Guessing the shared admin password is capped per client address. Only failures count (the
// plugin's manual limiter with a peek), so an admin who unlocks often is never locked out, and
// once the cap is reached even the right password waits: otherwise a guesser could tell.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { tooManyRequests } from '../lib/http-errors.js';

export const ADMIN_VERIFY_MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;

export interface AdminVerifyLimit {
  /** Throws a 429 with a message when this client has used up its failures. */
  assertNotLocked(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

export function createAdminVerifyLimit(app: FastifyInstance): AdminVerifyLimit {
  const limiter = app.createRateLimit({
    max: ADMIN_VERIFY_MAX_FAILURES,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `admin-verify:${request.ip}`,
  });
  return {
    async assertNotLocked(request, reply) {
      const status = await limiter(request, { increment: false });
      if (status.isAllowed || status.remaining > 0) return;
      reply.header('retry-after', String(status.ttlInSeconds));
      const minutes = Math.max(1, Math.ceil(status.ttl / 60_000));
      throw tooManyRequests(`Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    },
    async recordFailure(request) {
      await limiter(request);
    },
  };
}
