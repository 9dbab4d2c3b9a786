import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors.js';
import { createPerKeyGate } from './per-key-gate.js';

describe('createPerKeyGate', () => {
  it('runs at most the limit per key at once, refusing one more with a 429, and frees the places', async () => {
    const gate = createPerKeyGate(2, { message: 'wait', retryAfterSeconds: 2 });
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const first = gate.run('user-1', () => held);
    const second = gate.run('user-1', () => held);
    const refused = await gate.run('user-1', async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: 'wait', headers: { 'retry-after': '2' } });
    // Another key is not affected.
    await expect(gate.run('user-2', async () => 'other')).resolves.toBe('other');
    open();
    await Promise.all([first, second]);
    await expect(gate.run('user-1', async () => 'again')).resolves.toBe('again');
  });
});
