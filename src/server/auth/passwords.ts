import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimiter } from '../lib/concurrency-limiter.js';

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1.
// Algorithm.Argon2id is an ambient const enum (unusable under isolatedModules); its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Argon2 runs on libuv's thread pool (4 threads by default), which file reads and writes and
// sharp's image work share. Two hashes at a time keep both cores busy with sign-ins when that is
// all there is to do, while a flood of sign-in attempts (any email, any address) can never take
// every thread and stall photo uploads and downloads for everyone else.
const PASSWORD_WORK_CONCURRENCY = 2;
const passwordWork = createConcurrencyLimiter(PASSWORD_WORK_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps login's timing the same either way.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('cleanproof-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
