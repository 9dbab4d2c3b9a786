import { describe, expect, it } from 'vitest';
import { createHeapBudget } from './heap-budget.js';

const MB = 1024 * 1024;
const heapAndBuffers = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

describe('heap budget', () => {
  it('leaves the collector alone while the job has made less than its budget', () => {
    const budget = createHeapBudget(512 * MB);
    expect(budget.collectIfOver()).toBe(false);
  });

  it('frees the objects and buffers a job made and dropped, once past its budget', () => {
    const budget = createHeapBudget(16 * MB);
    // What a PDF layout leaves: many small objects and some typed arrays, measured while still held.
    const before = heapAndBuffers();
    let made: unknown[] = [];
    for (let i = 0; i < 400; i++)
      made.push(
        new Uint8Array(64 * 1024),
        Array.from({ length: 500 }, (_, k) => ({ k })),
      );
    const whileHeld = heapAndBuffers();
    expect(whileHeld - before).toBeGreaterThan(24 * MB);
    made = [];
    expect(budget.collectIfOver()).toBe(true);
    // At least half of what the job made is gone (other tests' garbage in this worker may go too).
    expect(heapAndBuffers()).toBeLessThan(before + (whileHeld - before) / 2);
    // The budget starts again from what is left.
    expect(budget.collectIfOver()).toBe(false);
    expect(made).toHaveLength(0);
  });
});
