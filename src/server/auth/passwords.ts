import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimiter, QueueFullError } from '../../shared/concurrency-limiter.js';
import { serviceUnavailable } from '../lib/http-errors.js';
import { createPerKeyGate } from '../lib/per-key-gate.js';

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1.
// Algorithm.Argon2id is an ambient const enum (unusable under isolatedModules); its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Argon2 runs on libuv's thread pool (4 threads by default), which file reads and writes and
// sharp's image work share. Two hashes at a time keep both cores busy with sign-ins when that is
// all there is to do, while a flood of sign-in attempts can never take every thread.
const PASSWORD_WORK_CONCURRENCY = 2;
/**
 * Hashes that may wait for a slot: room for 200 people signing in at the same moment
 * (the load benchmark's burst), about 1.3 s of hashing on two slots; past it a sign-in is answered
 * 503 at once instead of waiting without end. A single flooding address cannot fill it (below).
 */
export const PASSWORD_QUEUE_MAX = 256;
/** Places one client address may hold at once, waiting or running: one flooding client cannot fill the queue. */
export const PASSWORD_WORK_PER_CLIENT = 4;

const passwordWork = createConcurrencyLimiter(PASSWORD_WORK_CONCURRENCY, { maxPending: PASSWORD_QUEUE_MAX });
const queueFull = () => serviceUnavailable('sign_in_queue_full').retryAfter(1);
/** Places one client address holds, waiting or running. */
const placesByClient = createPerKeyGate(PASSWORD_WORK_PER_CLIENT, queueFull);

/** The queue's state, for /metrics. */
export const passwordQueue = {
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
      return await passwordWork.run(task, { priority });
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
 * `priority`: a sign-in from a device the account knows (device-cookie.ts) waits at the front of the
 * queue; `client` is then the device, so an address flooding sign-ins does not take its places.
 */
export async function verifyPassword(passwordHash: string, password: string, client: string, priority = false): Promise<boolean> {
  return runPasswordWork(client, () => verify(passwordHash, password).catch(() => false), priority);
}

// Verifying against this when the email is unknown keeps login's timing the same either way.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string, client: string): Promise<false> {
  // Made outside the queue and the client's places: it is the server's own work, done once.
  dummyHash ??= hash('cleanproof-timing-equaliser', OPTIONS);
  await verifyPassword(await dummyHash, password, client);
  return false;
}
