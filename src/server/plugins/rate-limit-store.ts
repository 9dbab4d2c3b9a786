// Where the rate limits and the lockouts count: in memory, or in Redis (REDIS_URL) so every server
// of a fleet shares one set of counters. Limits themselves are per route (lib/rate-limit.ts), the
// lockouts' rules in lib/lockout.ts.
import fastifyRateLimit from '@fastify/rate-limit';
import { connectRateLimitRedis } from '../lib/rate-limit-redis.js';
import { reportStoreFailure } from '../lib/rate-limit.js';
import { createMemoryAttemptStore, createRedisAttemptStore } from '../lib/attempt-store.js';
import '../lib/lockout.js';
import { appWide } from './app-wide.js';

export const rateLimitStorePlugin = appWide<{ keyPrefix?: string }>('rate-limit-store', async (app, { keyPrefix }) => {
  const { config } = app.deps;
  const redis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // skipOnError: a Redis outage lets requests through.
  const rateLimitKeyPrefix = keyPrefix ?? 'cleanproof:rate-limit:';
  await app.register(fastifyRateLimit, { global: false, skipOnError: true, redis, nameSpace: rateLimitKeyPrefix });
  // Failure counts of the lockouts (lib/lockout.ts), beside the rate limits' counters.
  app.decorate(
    'attemptStore',
    redis ? createRedisAttemptStore(redis, `${rateLimitKeyPrefix}lockout:`, () => reportStoreFailure(app)) : createMemoryAttemptStore(),
  );
});
