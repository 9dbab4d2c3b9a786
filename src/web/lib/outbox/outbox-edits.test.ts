import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { createMemoryStore, type OutboxStore } from './outbox-store';
import { Outbox, type OutboxEvent, type SendResult } from './outbox';
import type { EditEntry, NewEntry, OutboxEntry, PhotoEntry } from './outbox-entries';

type Outcome = 'ok' | Error | SendResult;

/** A scripted server: each call answers with the next outcome ('ok', an id, or an error to throw); it logs what it got. */
function setup(outcomes: Outcome[], store: OutboxStore = createMemoryStore(), signedInUserId?: () => Promise<number | null>) {
  const sent: string[] = [];
  const events: string[] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  let id = 0;
  let clock = 1000;
  const outbox = new Outbox(store, {
    send: async (entry) => {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome instanceof Error) throw outcome;
      sent.push(label(entry));
      return outcome === 'ok' ? undefined : outcome;
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => void ((handle as { cleared: boolean }).cleared = true),
    newId: () => `e${++id}`,
    now: () => clock++,
    signedInUserId,
  });
  outbox.setOwner(7);
  outbox.onEvent((event: OutboxEvent) => events.push(`${label(event.entry)}:${event.kind}${event.kind === 'sent' && event.superseded ? '(superseded)' : ''}`));
  const fireNext = () => {
    const timer = timers.find((t) => !t.cleared);
    if (!timer) throw new Error('no timer');
    timer.cleared = true;
    timer.callback();
  };
  return { outbox, sent, events, timers, fireNext, store };
}

function label(entry: OutboxEntry): string {
  switch (entry.kind) {
    case 'edit':
      return `${entry.projectId}:${entry.field}=${entry.value}`;
    case 'photo':
      return `photo(${entry.projectId})`;
    case 'create-report':
      return `create(${entry.projectId})`;
    case 'create-pair':
      return `pair(${entry.projectId}:${String(entry.beforePhotoId)}+${String(entry.afterPhotoId)})`;
    case 'delete-photo':
      return `delete-photo(${String(entry.photoId)})`;
    default:
      return `${entry.kind}(${entry.projectId})`;
  }
}

const edit = (field: EditEntry['field'], value: string, projectId = 1): NewEntry => ({ kind: 'edit', userId: 7, projectId, field, value });
const photo = (projectId: number, id?: string, more: Partial<PhotoEntry> = {}): NewEntry => ({
  kind: 'photo',
  userId: 7,
  projectId,
  type: 'before',
  source: 'camera',
  bytes: new ArrayBuffer(1),
  mimeType: 'image/jpeg',
  ...(id ? { id } : {}),
  ...more,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const offline = () => new TypeError('Failed to fetch');
const unavailable = () => new ApiError(503, '', 'Service Unavailable');
const notFound = () => new ApiError(404, '{"code":"project_not_found","message":"Project not found"}', 'Not Found');

describe('Outbox: details edits', () => {
  it('sends an edit at once when the server answers', async () => {
    const { outbox, sent, events } = setup(['ok']);
    await outbox.enqueue(edit('clientName', 'Smith'));
    await settle();
    expect(sent).toEqual(['1:clientName=Smith']);
    expect(events).toEqual(['1:clientName=Smith:sent']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('retries an edit kept after a 5xx on the backoff schedule of a photo, with no other action', async () => {
    const { outbox, sent, events, timers, fireNext } = setup([unavailable(), unavailable(), 'ok']);
    await outbox.enqueue(edit('description', 'Kitchen'));
    await settle();
    expect(events).toEqual(['1:description=Kitchen:waiting']);
    fireNext();
    await settle();
    fireNext();
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([2000, 4000]);
    expect(sent).toEqual(['1:description=Kitchen']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps edits made offline across a reload and sends them in order, the last edit of a field winning', async () => {
    const store = createMemoryStore();
    const before = setup([offline(), offline(), offline()], store); // a new edit prompts a try of the first
    await before.outbox.enqueue(edit('clientName', 'Smit'));
    await settle();
    await before.outbox.enqueue(edit('description', 'Kitchen'));
    await before.outbox.enqueue(edit('clientName', 'Smith'));
    await settle();
    expect(before.events).toEqual(['1:clientName=Smit:waiting', '1:description=Kitchen:held', '1:clientName=Smit:waiting', '1:description=Kitchen:waiting']);

    const after = setup([], store); // the page opened again, with a connection
    await after.outbox.start();
    await settle();
    expect(after.sent).toEqual(['1:description=Kitchen', '1:clientName=Smith']);
    expect(await store.list()).toEqual([]);
  });

  it('drops an edit the server refuses with a 4xx and goes on with the next', async () => {
    const { outbox, sent, events } = setup([offline(), notFound(), 'ok']);
    await outbox.enqueue(edit('clientName', 'Gone', 404));
    await outbox.enqueue(edit('clientName', 'Here', 5));
    await settle();
    outbox.retryNow();
    await settle();
    expect(events.slice(-2)).toEqual(['404:clientName=Gone:failed', '5:clientName=Here:sent']);
    expect(sent).toEqual(['5:clientName=Here']);
  });

  it("keeps an edit refused while another account's session is the device's, and drops it once its owner's is refused", async () => {
    let signedIn: number | null = 8; // a colleague signed in in another tab
    const { outbox, events } = setup([notFound(), notFound()], createMemoryStore(), async () => signedIn);
    await outbox.enqueue(edit('clientName', 'Mine'));
    await settle();
    expect(events).toEqual(['1:clientName=Mine:unauthorized']);
    expect(outbox.getSnapshot()).toHaveLength(1);
    signedIn = 7;
    outbox.retryNow();
    await settle();
    expect(events).toEqual(['1:clientName=Mine:unauthorized', '1:clientName=Mine:failed']);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps a refused edit when it cannot ask who is signed in (no connection)', async () => {
    const { outbox, events } = setup([notFound()], createMemoryStore(), () => Promise.reject(offline()));
    await outbox.enqueue(edit('clientName', 'Mine'));
    await settle();
    expect(events).toEqual(['1:clientName=Mine:waiting']);
    expect(outbox.getSnapshot()).toHaveLength(1);
  });

  it('reports an edit a newer one of the same field replaced while it travelled as superseded', async () => {
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const events: string[] = [];
    const outbox = new Outbox(createMemoryStore(), {
      send: (entry) => {
        if (entry.kind === 'edit') sent.push(entry.value);
        return entry.kind === 'edit' && entry.value === 'Smith' ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    });
    outbox.setOwner(7);
    outbox.onEvent(
      (event) =>
        event.entry.kind === 'edit' && events.push(`${event.entry.value}:${event.kind}${event.kind === 'sent' && event.superseded ? '(superseded)' : ''}`),
    );
    await outbox.enqueue(edit('clientName', 'Smith'));
    await outbox.enqueue(edit('clientName', 'Smithson')); // retyped while the first is on its way
    release();
    await settle();
    await settle();
    expect(sent).toEqual(['Smith', 'Smithson']);
    expect(events).toEqual(['Smith:sent(superseded)', 'Smithson:sent']);
  });

  it("sends only the signed-in user's edits", async () => {
    const { outbox, sent } = setup([]);
    await outbox.enqueue({ ...edit('clientName', 'Theirs'), userId: 8 });
    await settle();
    expect(sent).toEqual([]);
    outbox.setOwner(8);
    await settle();
    expect(sent).toEqual(['1:clientName=Theirs']);
  });
});

describe('Outbox: one queue for every kind of entry', () => {
  it('keeps the order made across kinds: an edit waits behind a photo that waits', async () => {
    const { outbox, sent, fireNext } = setup([offline(), offline(), 'ok', 'ok']);
    await outbox.enqueue(photo(1));
    await settle();
    await outbox.enqueue(edit('clientName', 'Smith'));
    await settle();
    expect(sent).toEqual([]);
    fireNext();
    await settle();
    expect(sent).toEqual(['photo(1)', '1:clientName=Smith']);
  });

  it('creates a report made offline first, then sends what was queued against its local id with the real one', async () => {
    const store = createMemoryStore();
    const { outbox, sent, events } = setup([offline(), offline(), offline(), offline(), { serverId: 41 }, { serverId: 900 }, 'ok', 'ok'], store);
    await outbox.enqueue({ kind: 'create-report', userId: 7, projectId: -5 });
    await outbox.enqueue(photo(-5, 'before-key'));
    await outbox.enqueue(photo(-5, 'after-key', { type: 'after', pairWith: 'before-key' }));
    await outbox.enqueue(edit('clientName', 'Basement job', -5));
    await settle();
    expect(sent).toEqual([]);
    // Kept across a reload still pointing at the local id: the server has not made the report.
    expect((await store.list()).map((entry) => entry.kind === 'create-report' || ('projectId' in entry && entry.projectId))).toEqual([true, -5, -5, -5]);

    outbox.retryNow(); // back online
    await settle();
    expect(sent).toEqual(['create(-5)', 'photo(41)', 'photo(41)', '41:clientName=Basement job']);
    expect(outbox.serverIdOf(-5)).toBe(41);
    expect(outbox.serverIdOf('before-key')).toBe(900);
    expect(events.filter((event) => event.startsWith('create'))).toEqual([
      'create(-5):waiting',
      'create(-5):waiting',
      'create(-5):waiting',
      'create(-5):waiting',
      'create(-5):sent',
    ]);
  });

  it('resolves a pair of photos still waiting, and writes resolved ids to disk before forgetting the sent entry', async () => {
    const store = createMemoryStore();
    const puts: string[] = [];
    const watched: OutboxStore = { ...store, put: async (entry) => (puts.push(label(entry)), store.put(entry)) };
    const { outbox, sent } = setup([{ serverId: 10 }, { serverId: 11 }, 'ok'], watched);
    outbox.setOwner(null); // nothing goes until the runner starts
    await outbox.enqueue(photo(3, 'b'));
    await outbox.enqueue(photo(3, 'a', { type: 'after' }));
    await outbox.enqueue({ kind: 'create-pair', userId: 7, projectId: 3, beforePhotoId: 'b', afterPhotoId: 'a' });
    outbox.setOwner(7);
    await settle();
    expect(sent).toEqual(['photo(3)', 'photo(3)', 'pair(3:10+11)']);
    expect(puts).toContain('pair(3:10+a)');
    expect(puts).toContain('pair(3:10+11)');
  });

  it('drops, as failed, an entry whose report was refused for good, and goes on', async () => {
    const { outbox, sent, events } = setup([new ApiError(400, '{"code":"bad","message":"no"}', 'Bad Request'), 'ok']);
    await outbox.enqueue({ kind: 'create-report', userId: 7, projectId: -9 });
    await outbox.enqueue(photo(-9));
    await outbox.enqueue(edit('clientName', 'Elsewhere', 2));
    await settle();
    await settle();
    expect(events).toEqual(['create(-9):failed', 'photo(-9):failed', '2:clientName=Elsewhere:sent']);
    expect(sent).toEqual(['2:clientName=Elsewhere']);
  });

  it('moves edits an earlier version kept elsewhere into the outbox once, at start', async () => {
    const { outbox, sent } = setup([]);
    await outbox.start(() => [edit('description', 'From localStorage')]);
    await outbox.start(() => [edit('description', 'Never twice')]);
    await settle();
    expect(sent).toEqual(['1:description=From localStorage']);
  });
});
