import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter, QueueFullError } from './concurrency-limiter';

describe('createConcurrencyLimiter', () => {
  it('never runs more than the limit at once, runs every task, in arrival order', async () => {
    const limiter = createConcurrencyLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limiter.run(async () => {
          started.push(i);
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return i * 2;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createConcurrencyLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.pending).toBe(0);
  });
});

describe('createConcurrencyLimiter with a queue cap', () => {
  it('refuses a task at once when the queue is full, and takes tasks again once it drains', async () => {
    const limiter = createConcurrencyLimiter(1, { maxPending: 2 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = limiter.run(() => gate);
    const queued = [limiter.run(async () => 'a'), limiter.run(async () => 'b')];
    expect(limiter.running).toBe(1);
    expect(limiter.pending).toBe(2);
    await expect(limiter.run(async () => 'refused')).rejects.toBeInstanceOf(QueueFullError);
    open();
    await first;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    await expect(limiter.run(async () => 'again')).resolves.toBe('again');
  });
});

describe('createConcurrencyLimiter with a priority task', () => {
  it('runs it before every task already waiting, even when the queue is full', async () => {
    const limiter = createConcurrencyLimiter(1, { maxPending: 2 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const order: string[] = [];
    const first = limiter.run(() => gate);
    const queued = ['a', 'b'].map((name) => limiter.run(async () => void order.push(name)));
    await expect(limiter.run(async () => 'refused')).rejects.toBeInstanceOf(QueueFullError);
    const urgent = limiter.run(async () => void order.push('known device'), { priority: true });
    open();
    await Promise.all([first, urgent, ...queued]);
    expect(order).toEqual(['known device', 'a', 'b']);
  });
});

describe('createConcurrencyLimiter with a slot kept for priority tasks', () => {
  it('starts a priority task at once while ordinary tasks fill every other slot; ordinary ones never take the kept slot', async () => {
    const limiter = createConcurrencyLimiter(2, { reservedForPriority: 1 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const busy = [limiter.run(() => gate), limiter.run(() => gate), limiter.run(() => gate)];
    expect([limiter.running, limiter.pending]).toEqual([2, 1]);

    let urgentRan = false;
    const urgent = limiter.run(async () => void (urgentRan = true), { priority: true });
    expect(limiter.running).toBe(3);
    await urgent;
    expect(urgentRan).toBe(true);
    // The kept slot is free again, and still not for ordinary work.
    expect([limiter.running, limiter.pending]).toEqual([2, 1]);
    open();
    await Promise.all(busy);
    expect(limiter.running).toBe(0);
  });

  it('queues priority tasks beyond the kept slots in arrival order, ahead of ordinary ones', async () => {
    const limiter = createConcurrencyLimiter(1, { reservedForPriority: 1 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const order: string[] = [];
    const held = [limiter.run(() => gate), limiter.run(() => gate, { priority: true })];
    const later = [
      limiter.run(async () => void order.push('ordinary')),
      limiter.run(async () => void order.push('first known device'), { priority: true }),
      limiter.run(async () => void order.push('second known device'), { priority: true }),
    ];
    expect([limiter.running, limiter.pending]).toEqual([2, 3]);
    open();
    await Promise.all([...held, ...later]);
    expect(order).toEqual(['first known device', 'second known device', 'ordinary']);
  });
});
