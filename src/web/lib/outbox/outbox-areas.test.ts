import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { createMemoryStore } from './outbox-store';
import { Outbox, type SendResult } from './outbox';
import { matchLocalAreas, NO_AREA, skipNamesSameArea, type NewEntry, type OutboxEntry } from './outbox-entries';

type Outcome = 'ok' | Error | SendResult;

/** A scripted server that records each entry as it was sent (its references resolved by then). */
function setup(outcomes: Outcome[]) {
  const sent: OutboxEntry[] = [];
  const failed: OutboxEntry[] = [];
  let id = 0;
  let clock = 1000;
  const outbox = new Outbox(createMemoryStore(), {
    send: async (entry) => {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome instanceof Error) throw outcome;
      sent.push(entry);
      return outcome === 'ok' ? undefined : outcome;
    },
    setTimer: () => null,
    clearTimer: () => undefined,
    newId: () => `e${++id}`,
    now: () => clock++,
  });
  outbox.setOwner(7);
  outbox.onEvent((event) => event.kind === 'failed' && failed.push(event.entry));
  return { outbox, sent, failed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const shot = (projectId: number, areaId: number, type: 'before' | 'after' = 'before'): NewEntry => ({
  kind: 'photo',
  userId: 7,
  projectId,
  type,
  source: 'camera',
  bytes: new ArrayBuffer(1),
  mimeType: 'image/jpeg',
  areaId,
});
const newReport = (projectId: number, areas: Array<{ id: number; key: string }>): NewEntry => ({
  kind: 'create-report',
  userId: 7,
  projectId,
  template: { templateId: 'deep-clean', bedrooms: 2, bathrooms: 1, areas },
});

describe('Outbox: a report made from a template with no signal', () => {
  it('creates the report first, then sends each photo, skip and the finish with the server’s ids of its areas', async () => {
    const { outbox, sent } = setup([
      {
        serverId: 41,
        moreServerIds: [
          [-11, 501],
          [-12, 502],
        ],
      },
    ]);
    outbox.setOwner(null); // no signal: nothing goes yet
    await outbox.enqueue(
      newReport(-5, [
        { id: -11, key: 'kitchen' },
        { id: -12, key: 'bedroom-1' },
      ]),
    );
    await outbox.enqueue(shot(-5, -11));
    await outbox.enqueue(shot(-5, -12, 'after'));
    await outbox.enqueue({ kind: 'skip-area', userId: 7, projectId: -5, areaId: -12, skip: { reason: 'occupied' } });
    await outbox.enqueue({ kind: 'finish', userId: 7, projectId: -5 });
    await settle();
    expect(sent).toEqual([]);

    outbox.setOwner(7); // back online
    await settle();
    expect(sent.map((entry) => [entry.kind, 'projectId' in entry && entry.projectId, 'areaId' in entry ? entry.areaId : null])).toEqual([
      ['create-report', -5, null],
      ['photo', 41, 501],
      ['photo', 41, 502],
      ['skip-area', 41, 502],
      ['finish', 41, null],
    ]);
    expect(outbox.serverIdOf(-12)).toBe(502);
  });

  it('drops, as failed, a photo of an area the server’s answer did not name, and goes on', async () => {
    const { outbox, sent, failed } = setup([{ serverId: 41, moreServerIds: [[-11, 501]] }]);
    outbox.setOwner(null);
    await outbox.enqueue(newReport(-5, [{ id: -11, key: 'kitchen' }]));
    await outbox.enqueue(shot(-5, -99));
    await outbox.enqueue(shot(-5, -11));
    outbox.setOwner(7);
    await settle();
    expect(failed.map((entry) => entry.kind)).toEqual(['photo']);
    expect(sent.map((entry) => entry.kind === 'photo' && entry.areaId)).toEqual([false, 501]);
  });

  it('keeps only the last skip or undo of an area while they wait', async () => {
    const { outbox, sent } = setup([]);
    outbox.setOwner(null);
    await outbox.enqueue(shot(3, 30));
    await outbox.enqueue({ kind: 'skip-area', userId: 7, projectId: 3, areaId: 30, skip: { reason: 'no_access' } });
    await outbox.enqueue({ kind: 'skip-area', userId: 7, projectId: 3, areaId: 31, skip: { reason: 'other', note: 'Locked' } });
    await outbox.enqueue({ kind: 'skip-area', userId: 7, projectId: 3, areaId: 30, skip: null });
    outbox.setOwner(7);
    await settle();
    expect(sent.map((entry) => (entry.kind === 'skip-area' ? [entry.areaId, entry.skip?.reason ?? null] : entry.kind))).toEqual([
      'photo',
      [31, 'other'],
      [30, null],
    ]);
  });

  it('reports a finish the server’s gate refuses as failed, with its answer', async () => {
    const refusal = new ApiError(409, JSON.stringify({ code: 'areas_incomplete', message: 'Some areas…', missing: [] }), 'Conflict');
    const { outbox, failed } = setup([refusal]);
    await outbox.enqueue({ kind: 'finish', userId: 7, projectId: 3 });
    await settle();
    await settle();
    expect(failed.map((entry) => entry.kind)).toEqual(['finish']);
    expect(outbox.getSnapshot()).toEqual([]);
  });
});

describe('Outbox: a job finished on the server while its photos waited on the phone', () => {
  it('keeps its photos until it is reopened, while other reports’ work goes on', async () => {
    const finished = () => new ApiError(409, JSON.stringify({ code: 'report_finished', message: 'This job is finished.' }), 'Conflict');
    const { outbox, sent, failed } = setup([finished()]);
    const waiting: string[] = [];
    outbox.onEvent((event) => event.kind === 'waiting' && waiting.push(event.reason));
    await outbox.enqueue(shot(41, 501));
    await outbox.enqueue(shot(41, 501, 'after'));
    await outbox.enqueue(shot(42, 601));
    await settle();
    // The first photo of report 41 was refused: it and the one behind it wait; report 42's went.
    expect(sent.map((entry) => 'projectId' in entry && entry.projectId)).toEqual([42]);
    expect(failed).toEqual([]);
    expect(waiting).toEqual(['reopen']);
    expect(outbox.getSnapshot().map((item) => [item.entry.kind, 'projectId' in item.entry && item.entry.projectId, item.waitingFor])).toEqual([
      ['photo', 41, 'reopen'],
      ['photo', 41, null],
    ]);

    outbox.retryNow(); // reopened
    await settle();
    expect(sent.map((entry) => 'projectId' in entry && entry.projectId)).toEqual([42, 41, 41]);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('sends a Reopen kept behind its held-back photos first, then the photos', async () => {
    const finished = () => new ApiError(409, JSON.stringify({ code: 'report_finished', message: 'This job is finished.' }), 'Conflict');
    // Each retry of the photo before the reopen is refused again, as the server would.
    const { outbox, sent } = setup([finished(), finished()]);
    await outbox.enqueue(shot(41, 501));
    await settle();
    expect(outbox.getSnapshot().map((item) => item.waitingFor)).toEqual(['reopen']);

    // Reopen job tapped: with work waiting, the app keeps it in the outbox (behind the photo) and asks for a retry.
    outbox.retryNow();
    await outbox.enqueue({ kind: 'reopen', userId: 7, projectId: 41 });
    await settle();
    expect(sent.map((entry) => entry.kind)).toEqual(['reopen', 'photo']);
    expect(outbox.getSnapshot()).toEqual([]);
  });
});

describe('matchLocalAreas', () => {
  const server = [
    { id: 501, key: 'kitchen' },
    { id: 502, key: 'bedroom-1' },
    { id: 503, key: 'bedroom-2' },
  ];

  it('matches each area made on the device to the server’s by key, whatever the order', () => {
    expect(
      matchLocalAreas(
        [
          { id: -3, key: 'bedroom-2' },
          { id: -1, key: 'kitchen' },
        ],
        server,
      ),
    ).toEqual([
      [-3, 503],
      [-1, 501],
    ]);
  });

  it('puts an area whose key the server no longer has (the template changed) in the same place, or the last', () => {
    expect(
      matchLocalAreas(
        [
          { id: -1, key: 'kitchen' },
          { id: -2, key: 'garage' },
          { id: -3, key: 'bedroom-1' },
          { id: -4, key: 'loft' },
        ],
        server,
      ),
    ).toEqual([
      [-1, 501],
      [-2, 502],
      [-3, 502],
      [-4, 503],
    ]);
  });

  it('gives no area when the server made the report without any (its template was deleted)', () => {
    expect(matchLocalAreas([{ id: -1, key: 'kitchen' }], [])).toEqual([[-1, NO_AREA]]);
  });
});

describe('skipNamesSameArea', () => {
  const server = [
    { id: 501, key: 'kitchen' },
    { id: 502, key: 'bedroom-1' },
  ];
  const skip = (areaId: number, areaKey?: string) => ({
    kind: 'skip-area' as const,
    id: 's1',
    userId: 7,
    createdAt: 1,
    failedAttempts: 0,
    projectId: 41,
    areaId,
    skip: { reason: 'no_access' as const },
    ...(areaKey === undefined ? {} : { areaKey }),
  });

  it('sends a skip made on the device only to the server’s area of the same key', () => {
    expect(skipNamesSameArea(skip(502, 'bedroom-1'), server)).toBe(true);
    // "Garage" was gone from the template by the time the report was made: its photos went to the
    // area in its place, but its skip must not excuse Bedroom 1.
    expect(skipNamesSameArea(skip(502, 'garage'), server)).toBe(false);
    expect(skipNamesSameArea(skip(999, 'kitchen'), server)).toBe(false);
  });

  it('sends a skip of an area that was on the server already as it is', () => {
    expect(skipNamesSameArea(skip(502), server)).toBe(true);
  });
});
