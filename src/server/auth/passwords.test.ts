// The password-hash queue: bounded in length and in places per client, refusing with a
// 503 that says when to come back instead of letting sign-ins wait without end.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { hashPassword, PASSWORD_QUEUE_MAX, PASSWORD_WORK_PER_CLIENT, passwordQueue, verifyPassword } from './passwords.js';
import { errorMessage } from '../../shared/error-codes.js';

const PASSWORD_QUEUE_FULL_MESSAGE = errorMessage('sign_in_queue_full');

/** Made before the test that watches the queue, so it takes no slot there. */
const hashOfKnownDevicePassword = hashPassword('correct horse', 'setup');

const refusal = (outcome: PromiseSettledResult<unknown>) => (outcome.status === 'rejected' ? (outcome.reason as HttpError) : undefined);

describe('password work', () => {
  it('hashes and verifies with Argon2id', async () => {
    const hash = await hashPassword('correct horse', 'client');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse', 'client')).toBe(true);
    expect(await verifyPassword(hash, 'wrong', 'client')).toBe(false);
  });

  it(`gives one client at most ${PASSWORD_WORK_PER_CLIENT} places: one more is a 503 at once, others are served`, async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: PASSWORD_WORK_PER_CLIENT + 3 }, () => hashPassword('x', 'flooder')));
    const refused = outcomes.map(refusal).filter((error) => error !== undefined);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ statusCode: 503, message: PASSWORD_QUEUE_FULL_MESSAGE, headers: { 'retry-after': '1' } });
    await expect(hashPassword('y', 'someone else')).resolves.toMatch(/^\$argon2id\$/);
  });

  it("starts a known device's check at once while strangers' hashes fill every slot and the queue", async () => {
    const stored = await hashOfKnownDevicePassword;
    const strangers = Array.from({ length: 12 }, (_, i) => hashPassword('x', `stranger-${i}`));
    const waiting = passwordQueue.pending;
    expect(waiting).toBe(10);
    const knownDevice = verifyPassword(stored, 'correct horse', 'device:abc', true);
    // Not queued behind the strangers: it runs beside them in the slot kept for known devices.
    expect(passwordQueue.pending).toBe(waiting);
    expect(passwordQueue.running).toBe(3);
    await expect(knownDevice).resolves.toBe(true);
    await Promise.all(strangers);
    expect(passwordQueue.running).toBe(0);
  });

  it(`refuses past ${PASSWORD_QUEUE_MAX} waiting, from any number of clients, then takes work again`, async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: PASSWORD_QUEUE_MAX + 12 }, (_, i) => hashPassword('x', `client-${i}`)));
    const refused = outcomes.map(refusal).filter((error) => error !== undefined);
    // Two run, PASSWORD_QUEUE_MAX wait, the rest are refused.
    expect(refused).toHaveLength(10);
    expect(refused.every((error) => error instanceof HttpError && error.statusCode === 503)).toBe(true);
    await expect(hashPassword('z', 'late')).resolves.toMatch(/^\$argon2id\$/);
  }, 60_000);
});
