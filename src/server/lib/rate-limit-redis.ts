// The Redis connection behind shared rate limits (REDIS_URL). Every server of a fleet
// counts in the same keys, so N servers do not give N times the budget. When Redis is down the
// limits fail open: commands are not queued while disconnected and time out quickly, so a request
// never hangs on Redis; @fastify/rate-limit's skipOnError then lets it through (logged).
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** How long a counter update may take before the request goes on without it. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;

/**
 * Connects, waiting up to 2 s for Redis to be ready so the first requests are counted too; a
 * server whose Redis is down still starts (its limits fail open until Redis is back).
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    // Keep trying to reconnect, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastLogged = 0;
  // An unhandled 'error' event would crash the process; a Redis outage is logged, at most every 10 s.
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    log.error({ err: error }, 'rate-limit Redis unavailable: limits are not counted until it is back');
  });
  redis.on('ready', () => {
    if (lastLogged > 0) log.info('rate-limit Redis is back');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  return redis;
}
