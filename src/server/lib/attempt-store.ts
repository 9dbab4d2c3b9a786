// Counters of attempts (wrong passwords) in fixed windows, in memory or in Redis (REDIS_URL, shared
// by a fleet). Each change is one atomic step, so a parallel burst is counted exactly as a slow
// series is: the count is taken before the password is checked, and given back when it was right.
import type { Redis } from 'ioredis';

export interface AttemptCount {
  /** The key's count in its window, this attempt included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  ttlMs: number;
  /** Takes this attempt back (a right password, or an attempt refused unchecked), from the counter that took it; never below 0. */
  giveBack(): Promise<void>;
}

export interface AttemptStore {
  /** Adds one attempt to `key`'s window (a new window of `windowMs` when none is open). */
  take(key: string, windowMs: number): Promise<AttemptCount>;
}

/** Keys beyond this are dropped when they have expired: a flood of addresses cannot grow the map without end. */
const MEMORY_SWEEP_AT = 10_000;

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  return {
    async take(key, windowMs) {
      const at = now();
      if (windows.size >= MEMORY_SWEEP_AT) sweep(at);
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      const taken = window;
      return {
        count: taken.count,
        ttlMs: taken.endsAt - at,
        // The window it was counted in: a window that has ended since is not touched.
        giveBack: async () => void (taken.count > 0 && (taken.count -= 1)),
      };
    },
  };
}

// INCR and the window's expiry in one script: two servers never both see the same count.
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Redis, shared by the fleet. When Redis cannot answer (down, or slower than the command timeout
 * under load) the attempt is counted in this server's memory instead: the lockout then holds per
 * server rather than not at all, so an attacker who slows Redis down gains no free guesses.
 */
export function createRedisAttemptStore(redis: Redis, prefix: string, onUnavailable: () => void): AttemptStore {
  const fallback = createMemoryAttemptStore();
  return {
    async take(key, windowMs) {
      try {
        const [count, ttlMs] = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
        return { count, ttlMs, giveBack: async () => void (await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key).catch(() => undefined)) };
      } catch {
        onUnavailable();
        return fallback.take(key, windowMs);
      }
    },
  };
}
