import { describe, expect, it } from 'vitest';
import { createBufferPool } from './buffer-pool.js';

describe('buffer pool', () => {
  it('hands a buffer given back out again for a size that fits, never two at once', () => {
    const pool = createBufferPool(10 * 1024 * 1024);
    const first = pool.take(300_000);
    expect(first.byteLength).toBeGreaterThanOrEqual(300_000);
    const second = pool.take(300_000);
    expect(second.buffer).not.toBe(first.buffer);
    pool.give(first.subarray(0, 123));
    const third = pool.take(290_000);
    expect(third.buffer).toBe(first.buffer);
    // Too big for any free buffer: a new one.
    pool.give(second);
    expect(pool.take(2_000_000).buffer).not.toBe(second.buffer);
  });

  it('ignores buffers it did not make, and a buffer given back twice', () => {
    const pool = createBufferPool(10 * 1024 * 1024);
    const foreign = Buffer.from('not pooled');
    pool.give(foreign);
    expect(pool.take(5).buffer).not.toBe(foreign.buffer);
    const taken = pool.take(1000);
    pool.give(taken);
    pool.give(taken);
    const [a, b] = [pool.take(1000), pool.take(1000)];
    expect(a.buffer).not.toBe(b.buffer);
  });

  it('keeps at most maxFreeBytes of free buffers', () => {
    const pool = createBufferPool(128 * 1024);
    const buffers = [pool.take(64 * 1024), pool.take(64 * 1024), pool.take(64 * 1024)];
    expect(pool.allocatedBytes).toBe(3 * 64 * 1024);
    for (const buffer of buffers) pool.give(buffer);
    expect(pool.allocatedBytes).toBe(2 * 64 * 1024);
  });
});
