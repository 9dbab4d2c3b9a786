// Every rate limit of the app goes through here (issue 11): counters in @fastify/rate-limit's store
// (memory, or Redis with REDIS_URL so a fleet shares one budget: issue 12), a 429 with Retry-After
// and a message a person can act on, a security event and a metric for each refusal.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from './http-errors.js';
import { hashToken } from './tokens.js';
import { logSecurityEvent } from '../observability/security-events.js';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface LimiterOptions extends LimitRule {
  /** Names the limit in keys, logs and metrics, e.g. 'login-address'. */
  name: string;
  /** What is being counted: an address, an email, a user, a token's hash. */
  key: (request: FastifyRequest) => string | Promise<string>;
  /** The 429's text; the default asks to wait so many minutes. */
  message?: (minutes: number) => string;
}

export interface Limiter {
  /** Counts this request; a 429 once the key has used its budget. */
  hit(request: FastifyRequest): Promise<void>;
  /** Counts a failure without refusing anything; true when this one used up the budget. */
  recordFailure(request: FastifyRequest): Promise<boolean>;
  /** Whether the key has used its budget, without counting; for limits that count failures only. */
  isLocked(request: FastifyRequest): Promise<{ locked: boolean; retryAfterSeconds: number }>;
}

const MINUTE_MS = 60_000;

export const waitMinutesMessage = (minutes: number) => `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;

/**
 * The rate-limit key of a client address: IPv4 as is, an IPv4-mapped IPv6 as IPv4, other IPv6 by
 * its /64 (one household or office gets a whole /64, so single addresses would be free to rotate).
 * request.ip already honours TRUST_PROXY.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/** The email of an already parsed body, as a counter key: hashed, so no store holds addresses in clear. */
export function bodyEmailKey(request: FastifyRequest): string {
  const { email } = request.body as { email: string };
  return hashToken(email.trim().toLowerCase());
}

export function createLimiter(app: FastifyInstance, options: LimiterOptions): Limiter {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: async (request) => `${options.name}:${await options.key(request)}`,
  });
  const message = options.message ?? waitMinutesMessage;
  const refuse = (request: FastifyRequest, ttlMs: number) => {
    app.metrics.rateLimitRefusals.inc({ limit: options.name });
    logSecurityEvent(request, 'rate_limited', { limit: options.name });
    return tooManyRequests(message(Math.max(1, Math.ceil(ttlMs / MINUTE_MS))), ttlMs / 1000);
  };
  // The store failing (Redis down) lets requests through (skipOnError) and reads as a count of 0.
  const countFailed = (result: { remaining: number; ttl: number }) => result.ttl === 0 && result.remaining === options.max;

  return {
    async hit(request) {
      const result = await check(request);
      if (result.isAllowed) return;
      if (countFailed(result)) return reportStoreFailure(app);
      if (result.isExceeded) throw refuse(request, result.ttl);
    },
    async recordFailure(request) {
      const result = await check(request);
      if (result.isAllowed) return false;
      if (countFailed(result)) {
        reportStoreFailure(app);
        return false;
      }
      return result.remaining === 0;
    },
    async isLocked(request) {
      const result = await check(request, { increment: false });
      if (result.isAllowed) return { locked: false, retryAfterSeconds: 0 };
      return { locked: result.remaining === 0, retryAfterSeconds: result.ttlInSeconds };
    },
  };
}

let lastStoreFailureLog = 0;

/** Logged at most every 10 s: a Redis outage must not flood the log with one line per request. */
function reportStoreFailure(app: FastifyInstance): void {
  const now = Date.now();
  if (now - lastStoreFailureLog < 10_000) return;
  lastStoreFailureLog = now;
  app.log.error('rate-limit store unavailable: requests are let through without counting until it is back');
}
