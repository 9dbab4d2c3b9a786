import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.js';

describe('crc32Combine', () => {
  it('gives the CRC-32 of two byte runs one after the other, from their own CRC-32s', () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [0, 17],
      [17, 0],
      [1, 1],
      [1000, 3],
      [385_000, 65_537],
      [4096, 1_000_000],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('folds over many runs as a PDF made of its own bytes and photos is summed', () => {
    const runs = Array.from({ length: 40 }, (_, index) => randomBytes(index * 997));
    const folded = runs.reduce((crc, run) => crc32Combine(crc, crc32(run), run.length), 0);
    expect(folded).toBe(crc32(Buffer.concat(runs)));
  });

  it('handles lengths past 4 GiB (a run of zero bytes, whose CRC-32 zlib can continue)', () => {
    // 2^32 + 5 zero bytes, summed in pieces without allocating them all: alone, and after `head`.
    const length = 2 ** 32 + 5;
    const piece = Buffer.alloc(64 * 1024 * 1024);
    const head = Buffer.from('head');
    let zeros = 0;
    let continued = crc32(head);
    for (let left = length; left > 0; left -= Math.min(left, piece.length)) {
      const run = piece.subarray(0, Math.min(left, piece.length));
      zeros = crc32(run, zeros);
      continued = crc32(run, continued);
    }
    expect(crc32Combine(crc32(head), zeros, length)).toBe(continued);
  });

  it('refuses a length that is not a byte count', () => {
    expect(() => crc32Combine(0, 0, -1)).toThrow();
    expect(() => crc32Combine(0, 0, 1.5)).toThrow();
  });
});
