// Every rate limit of the app goes through here: counters in @fastify/rate-limit's store
// (memory, or Redis with REDIS_URL so a fleet shares one budget), a 429 with Retry-After
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
  /** The 429's code (its message may say how many minutes to wait); by default rate_limited. */
  code?: RateLimitCode;
  /**
   * A refusal is answered after this pause, on a timer: a client retrying without pause (a flood
   * waiting for each answer before the next try) is slowed to one try per pause per connection,
   * instead of making the server answer thousands of refusals a second.
   */
  refusalPauseMs?: number;
}

export interface Limiter {
  /** Counts this request; a 429 once the key has used its budget. (Limits that count failures only are lockout.ts's.) */
  hit(request: FastifyRequest): Promise<void>;
}

const MINUTE_MS = 60_000;

/** The codes a limit may refuse with: each message either says how many minutes to wait, or nothing. */
type RateLimitCode =
  | 'rate_limited'
  | 'photo_uploads_rate_limited'
  | 'share_links_rate_limited'
  | 'shared_reports_rate_limited'
  | 'shared_pdf_rate_limited'
  | 'pdf_rate_limited'
  | 'logo_uploads_rate_limited';

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
  const code = options.code ?? 'rate_limited';
  const firstRefusals = createFirstRefusalFilter();
  const refuse = (request: FastifyRequest, key: string, ttlMs: number) => {
    app.metrics.rateLimitRefusals.inc({ limit: options.name });
    if (firstRefusals.isFirst(key, ttlMs)) logSecurityEvent(request, 'rate_limited', { limit: options.name });
    const minutes = Math.max(1, Math.ceil(ttlMs / MINUTE_MS));
    return code === 'pdf_rate_limited' ? tooManyRequests(code, ttlMs / 1000) : tooManyRequests(code, ttlMs / 1000, { minutes });
  };
  // The store failing (Redis down) lets requests through (skipOnError) and reads as a count of 0.
  const countFailed = (result: { remaining: number; ttl: number }) => result.ttl === 0 && result.remaining === options.max;

  return {
    async hit(request) {
      const result = await check(request);
      if (result.isAllowed) return;
      if (countFailed(result)) return reportStoreFailure(app);
      if (!result.isExceeded) return;
      const refusal = refuse(request, result.key, result.ttl);
      if (options.refusalPauseMs) await new Promise((resolve) => setTimeout(resolve, options.refusalPauseMs));
      throw refusal;
    },
  };
}

/** Keys kept at most: a flood of addresses cannot grow the map without end. */
const FIRST_REFUSAL_SWEEP_AT = 10_000;

/**
 * Whether a refusal is its key's first in the key's window. A client refused and retrying without
 * pause (a flood answered 429 thousands of times a second) is logged once per window, not once per
 * request: the log says who is being refused without the log's own writes taking the server's CPU
 * (the metric still counts every refusal). Counted per process.
 */
function createFirstRefusalFilter(now: () => number = Date.now) {
  const loggedUntil = new Map<string, number>();
  return {
    isFirst(key: string, ttlMs: number): boolean {
      const at = now();
      if ((loggedUntil.get(key) ?? 0) > at) return false;
      if (loggedUntil.size >= FIRST_REFUSAL_SWEEP_AT) {
        for (const [k, until] of loggedUntil) if (until <= at) loggedUntil.delete(k);
        // Still full (that many keys refused at once): start again, at worst logging a key twice.
        if (loggedUntil.size >= FIRST_REFUSAL_SWEEP_AT) loggedUntil.clear();
      }
      loggedUntil.set(key, at + ttlMs);
      return true;
    },
  };
}

let lastStoreFailureLog = 0;

/** Logged at most every 10 s: a Redis outage must not flood the log with one line per request. */
export function reportStoreFailure(app: FastifyInstance): void {
  const now = Date.now();
  if (now - lastStoreFailureLog < 10_000) return;
  lastStoreFailureLog = now;
  app.log.error('rate-limit store unavailable: until it is back, rate limits let requests through and lockouts count on this server only');
}
