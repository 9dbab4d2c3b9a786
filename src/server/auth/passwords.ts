import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimiter, QueueFullError } from '../../shared/concurrency-limiter.js';
import { serviceUnavailable } from '../lib/http-errors.js';
import { createPerKeyGate } from '../lib/per-key-gate.js';

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1.
// Algorithm.Argon2id is an ambient const enum (unusable under isolatedModules); its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Argon2 runs on libuv's thread pool (4 threads by default), which file reads and writes share.
// Two hashes at a time keep both cores busy with sign-ins when that is all there is to do, while a
// flood of sign-in attempts can never take every thread. One more slot is kept for known devices
// (device-cookie.ts): their check never waits for a stranger's hash to finish, and the pool keeps a
// thread for files even then.
const PASSWORD_WORK_CONCURRENCY = 2;
const PASSWORD_WORK_KEPT_FOR_KNOWN_DEVICES = 1;
/**
 * Hashes that may wait for a slot: room for 200 people signing in at the same moment
 * (the load benchmark's burst), about 1.3 s of hashing on two slots; past it a sign-in is answered
 * 503 at once instead of waiting without end. A single flooding address cannot fill it (below).
 */
export const PASSWORD_QUEUE_MAX = 256;
/** Places one client address may hold at once, waiting or running: one flooding client cannot fill the queue. */
export const PASSWORD_WORK_PER_CLIENT = 4;

const passwordWork = createConcurrencyLimiter(PASSWORD_WORK_CONCURRENCY, {
  maxPending: PASSWORD_QUEUE_MAX,
  reservedForPriority: PASSWORD_WORK_KEPT_FOR_KNOWN_DEVICES,
});
const queueFull = () => serviceUnavailable('sign_in_queue_full').retryAfter(1);
/** Places one client address holds, waiting or running. */
const placesByClient = createPerKeyGate(PASSWORD_WORK_PER_CLIENT, queueFull);

/** Hashes and checks this process has run (a sign-in for an unknown email runs none). */
let passwordWorkDone = 0;

/** The queue's state, for /metrics. */
export const passwordQueue = {
  get done() {
    return passwordWorkDone;
  },
  get pending() {
    return passwordWork.pending;
  },
  get running() {
    return passwordWork.running;
  },
};

/** Runs one hash or verify for this client, or throws a 503 with Retry-After when it must not wait. */
async function runPasswordWork<T>(client: string, task: () => Promise<T>, priority = false): Promise<T> {
  return placesByClient.run(client, async () => {
    try {
      return await passwordWork.run(
        async () => {
          passwordWorkDone += 1;
          return task();
        },
        { priority },
      );
    } catch (error) {
      if (error instanceof QueueFullError) throw queueFull();
      throw error;
    }
  });
}

/** `client` is the caller's rate-limit address key (lib/rate-limit.ts clientAddress). */
export function hashPassword(password: string, client: string): Promise<string> {
  return runPasswordWork(client, () => hash(password, OPTIONS));
}

/**
 * `priority`: a sign-in from a device the account knows (device-cookie.ts) goes to the front of the
 * queue and may take the slot kept for known devices; `client` is then the device, so an address
 * flooding sign-ins does not take its places.
 */
export async function verifyPassword(passwordHash: string, password: string, client: string, priority = false): Promise<boolean> {
  return runPasswordWork(client, () => verify(passwordHash, password).catch(() => false), priority);
}
