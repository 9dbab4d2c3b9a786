import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { createMemoryStore } from './outbox-store';
import { Outbox, type OutboxEvent } from './outbox';
import type { OutboxEntry } from './outbox-entries';

/** A scripted server: each call answers with the next outcome ('ok', or an error to throw). */
function scriptedSend(outcomes: Array<'ok' | Error>) {
  const received: Array<{ type: string; text: string }> = [];
  const send = async (upload: OutboxEntry) => {
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    if (upload.kind === 'photo') received.push({ type: upload.type, text: new TextDecoder().decode(upload.bytes) });
  };
  return { send, received };
}

function manualTimers() {
  const pending: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  return {
    pending,
    setTimer: (callback: () => void, ms: number) => {
      const timer = { callback, ms, cleared: false };
      pending.push(timer);
      return timer;
    },
    clearTimer: (handle: unknown) => void ((handle as { cleared: boolean }).cleared = true),
    fireNext() {
      const timer = pending.find((t) => !t.cleared);
      if (!timer) throw new Error('no timer');
      timer.cleared = true;
      timer.callback();
    },
  };
}

const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(outcomes: Array<'ok' | Error>, signedInUserId?: () => Promise<number | null>) {
  const store = createMemoryStore();
  const server = scriptedSend(outcomes);
  const timers = manualTimers();
  let id = 0;
  let clock = 1000;
  const queue = new Outbox(store, {
    send: server.send,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    newId: () => `u${++id}`,
    now: () => clock++,
    signedInUserId,
  });
  queue.setOwner(1); // signed in as user 1
  const events: OutboxEvent['kind'][] = [];
  queue.onEvent((event) => events.push(event.kind));
  return { store, server, timers, queue, events };
}

describe('Outbox: photos', () => {
  it('uploads a photo and forgets it once the server has it', async () => {
    const { queue, store, server, events } = setup(['ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('photo-1') });
    await settle();
    expect(server.received).toEqual([{ type: 'before', text: 'photo-1' }]);
    expect(events).toEqual(['sent']);
    expect(await store.list()).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('keeps a photo after a network error, shows it waiting, and uploads it on the retry', async () => {
    const { queue, store, server, timers, events } = setup([new TypeError('Failed to fetch'), 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'after', source: 'upload', blob: jpeg('photo-1') });
    await settle();
    expect(events).toEqual(['waiting']);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['waiting']);
    expect((await store.list()).map((item) => item.failedAttempts)).toEqual([1]);
    expect(timers.pending.at(-1)?.ms).toBe(2000);

    timers.fireNext();
    await settle();
    expect(server.received).toEqual([{ type: 'after', text: 'photo-1' }]);
    expect(events).toEqual(['waiting', 'sent']);
    expect(await store.list()).toEqual([]);
  });

  it('retries a 5xx with growing delays', async () => {
    const serverError = () => new ApiError(503, '', 'Service Unavailable');
    const { queue, timers } = setup([serverError(), serverError(), serverError(), 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('p') });
    await settle();
    timers.fireNext();
    await settle();
    timers.fireNext();
    await settle();
    expect(timers.pending.map((t) => t.ms)).toEqual([2000, 4000, 8000]);
  });

  it('drops a photo the server refuses with a 4xx and reports the failure', async () => {
    const { queue, store, events } = setup([new ApiError(400, '{"message":"That file is not an image"}', 'Bad Request'), 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'upload', blob: jpeg('not-an-image') });
    await settle();
    expect(events).toEqual(['failed']);
    expect(await store.list()).toEqual([]);
  });

  it("keeps a photo refused while another account's session is the device's, and drops it once its owner's is refused", async () => {
    let signedIn: number | null = 2; // a colleague signed in in another tab of this device
    const notFound = () => new ApiError(404, '{"message":"Project not found"}', 'Not Found');
    const { queue, store, events } = setup([notFound(), notFound()], async () => signedIn);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('mine') });
    await settle();
    expect(events).toEqual(['unauthorized']);
    expect(await store.list()).toHaveLength(1);
    expect(queue.getSnapshot()[0]?.waitingFor).toBe('sign-in');

    signedIn = 1;
    queue.retryNow();
    await settle();
    expect(events).toEqual(['unauthorized', 'failed']);
    expect(await store.list()).toEqual([]);
  });

  it('keeps a refused photo, waiting for the connection, when it cannot ask who is signed in', async () => {
    const { queue, store, events } = setup([new ApiError(404, '{"message":"Project not found"}', 'Not Found')], () => Promise.reject(new TypeError('offline')));
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('mine') });
    await settle();
    expect(events).toEqual(['waiting']);
    expect(await store.list()).toHaveLength(1);
  });

  it('keeps the taken order: later photos wait behind one that failed', async () => {
    const { queue, server, timers } = setup([new TypeError('offline'), new TypeError('offline'), 'ok', 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('first') });
    await settle();
    // a new photo prompts another try of the first one, which fails again: neither goes ahead of it
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'after', source: 'camera', blob: jpeg('second') });
    await settle();
    expect(server.received).toEqual([]);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['waiting', 'queued']);
    timers.fireNext();
    await settle();
    expect(server.received.map((r) => r.text)).toEqual(['first', 'second']);
  });

  it('uploads on retryNow without waiting for the backoff (the browser came back online)', async () => {
    const { queue, server, timers } = setup([new TypeError('offline'), 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('p') });
    await settle();
    queue.retryNow();
    await settle();
    expect(server.received).toHaveLength(1);
    expect(timers.pending.every((t) => t.cleared)).toBe(true);
  });

  it('keeps a photo after a 401 without retrying in a loop', async () => {
    const { queue, store, timers, events } = setup([new ApiError(401, '', 'Unauthorized')]);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('p') });
    await settle();
    expect(events).toEqual(['unauthorized']);
    expect(await store.list()).toHaveLength(1);
    expect(timers.pending).toEqual([]);
  });

  it('uploads what an earlier visit left in the store when it starts', async () => {
    const first = setup([new TypeError('offline')]);
    await first.queue.enqueuePhoto({ userId: 1, projectId: 7, type: 'before', source: 'camera', blob: jpeg('left-behind') });
    await settle();

    const server = scriptedSend(['ok']);
    const second = new Outbox(first.store, { send: server.send, setTimer: () => null, clearTimer: () => undefined });
    second.setOwner(1);
    await second.start();
    await settle();
    expect(server.received).toEqual([{ type: 'before', text: 'left-behind' }]);
    expect(await first.store.list()).toEqual([]);
  });

  it('keeps a photo after a 402 (the trial ended since it was taken) until the user upgrades, without retrying in a loop', async () => {
    const { queue, store, server, timers, events } = setup([new ApiError(402, '{"message":"Your free trial has ended."}', 'Payment Required'), 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'after', source: 'camera', blob: jpeg('taken-on-the-last-day') });
    await settle();
    expect(events).toEqual(['payment-required']);
    expect(queue.getSnapshot().map((item) => [item.status, item.waitingFor])).toEqual([['waiting', 'upgrade']]);
    expect(await store.list()).toHaveLength(1);
    expect(timers.pending).toEqual([]);

    queue.retryNow(); // the user has upgraded
    await settle();
    expect(server.received).toEqual([{ type: 'after', text: 'taken-on-the-last-day' }]);
    expect(await store.list()).toEqual([]);
  });

  it("sends and shows only the signed-in user's photos; another user's wait on the device for their owner", async () => {
    const { queue, store, server } = setup([new TypeError('offline'), 'ok', 'ok']);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('first-users-photo') });
    await settle();

    queue.setOwner(null); // signed out
    expect(queue.getSnapshot()).toEqual([]);

    queue.setOwner(2); // someone else signs in on this phone
    await settle();
    expect(server.received).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);
    await queue.enqueuePhoto({ userId: 2, projectId: 9, type: 'after', source: 'camera', blob: jpeg('second-users-photo') });
    await settle();
    expect(server.received.map((r) => r.text)).toEqual(['second-users-photo']);
    expect((await store.list()).map((item) => item.userId)).toEqual([1]);

    queue.setOwner(1); // the first user is back: their photo goes up
    await settle();
    expect(server.received.map((r) => r.text)).toEqual(['second-users-photo', 'first-users-photo']);
    expect(await store.list()).toEqual([]);
  });

  it('keeps a photo taken before the queue knows who is signed in (the app just opened), and sends it once it does', async () => {
    const store = createMemoryStore();
    const server = scriptedSend(['ok']);
    const queue = new Outbox(store, { send: server.send, newId: () => 'early' });
    await queue.enqueuePhoto({ userId: 5, projectId: 3, type: 'before', source: 'camera', blob: jpeg('taken-at-once') });
    await settle();
    expect(server.received).toEqual([]);
    expect((await store.list()).map((item) => [item.id, item.userId])).toEqual([['early', 5]]);

    queue.setOwner(5); // the runner starts
    await queue.start();
    await settle();
    expect(server.received).toEqual([{ type: 'before', text: 'taken-at-once' }]);
    expect(await store.list()).toEqual([]);
  });

  it("keeps the capture time with the photo and shows each photo's upload progress", async () => {
    const store = createMemoryStore();
    let finish: () => void = () => undefined;
    const progressSeen: Array<number | null> = [];
    const queue = new Outbox(store, {
      send: (_upload, { onProgress }) =>
        new Promise<void>((resolve) => {
          onProgress(0.4);
          finish = resolve;
        }),
      newId: () => 'u1',
    });
    queue.setOwner(1);
    queue.subscribe(() => progressSeen.push(queue.getSnapshot()[0]?.progress ?? null));
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('p'), capturedAt: '2026-11-21T09:14:03.000Z' });
    await settle();
    expect((await store.list())[0]).toMatchObject({ capturedAt: '2026-11-21T09:14:03.000Z' });
    expect(queue.getSnapshot()).toMatchObject([{ status: 'sending', progress: 0.4, entry: { capturedAt: '2026-11-21T09:14:03.000Z' } }]);
    expect(progressSeen).toContain(0.4);
    finish();
    await settle();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('asks once, at the first kept photo, for the storage to be kept', async () => {
    let asked = 0;
    const queue = new Outbox(createMemoryStore(), { send: async () => undefined, onFirstKept: () => asked++ });
    queue.setOwner(1);
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'before', source: 'camera', blob: jpeg('a') });
    await queue.enqueuePhoto({ userId: 1, projectId: 1, type: 'after', source: 'camera', blob: jpeg('b') });
    expect(asked).toBe(1);
  });
});
