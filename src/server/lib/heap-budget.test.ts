import { describe, expect, it } from 'vitest';
import { createHeapBudget } from './heap-budget.js';

const MB = 1024 * 1024;

describe('heap budget', () => {
  it('leaves the collector alone while the job has made less than its budget', () => {
    const budget = createHeapBudget(512 * MB);
    expect(budget.collectIfOver()).toBe(false);
  });

  it('collects what a job made and dropped once it has grown past its budget', async () => {
    const budget = createHeapBudget(8 * MB);
    // What a PDF layout leaves: many small objects and some typed arrays, held until the job drops them.
    let made: object[] = [];
    for (let i = 0; i < 400; i++) made.push(new Uint8Array(64 * 1024), { rows: Array.from({ length: 500 }, (_, k) => ({ k })) });
    const watched = made.filter((_, index) => index % 40 === 0).map((object) => new WeakRef(object));
    // A WeakRef keeps its object alive until the turn that made it ends; the job still holds them here.
    await new Promise((resolve) => setImmediate(resolve));
    made = [];
    expect(budget.collectIfOver()).toBe(true);
    // Measured by what is gone, not by the process's memory, which other tests in this worker move.
    expect(watched.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    expect(made).toHaveLength(0);
  });
});
