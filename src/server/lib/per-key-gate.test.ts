import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors.js';
import { createPerKeyGate } from './per-key-gate.js';

describe('createPerKeyGate', () => {
  it('runs at most the limit per key at once, refusing one more with a 429, and frees the places', async () => {
    const gate = createPerKeyGate(2, { code: 'heavy_reads_busy', retryAfterSeconds: 2 });
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const first = gate.run('user-1', () => held);
    const second = gate.run('user-1', () => held);
    const refused = await gate.run('user-1', async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'heavy_reads_busy', headers: { 'retry-after': '2' } });
    // Another key is not affected.
    await expect(gate.run('user-2', async () => 'other')).resolves.toBe('other');
    open();
    await Promise.all([first, second]);
    await expect(gate.run('user-1', async () => 'again')).resolves.toBe('again');
  });

  it('holds an entered place until it is left, once however often leave is called', () => {
    const gate = createPerKeyGate<number>(1, { code: 'export_in_progress', retryAfterSeconds: 30 });
    const leave = gate.enter(7);
    expect(() => gate.enter(7)).toThrow(expect.objectContaining({ statusCode: 429, code: 'export_in_progress' }));
    const other = gate.enter(8);
    leave();
    leave();
    const again = gate.enter(7);
    // The second leave above gave back nothing more: the key is full again.
    expect(() => gate.enter(7)).toThrow(HttpError);
    again();
    other();
  });
});
