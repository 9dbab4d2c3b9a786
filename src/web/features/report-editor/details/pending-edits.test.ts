import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { PendingEdits, type EditOutcome, type EditStorage, type PendingEdit } from './pending-edits';

function memoryStorage(): EditStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

function setup(outcomes: Array<'ok' | Error>, storage = memoryStorage(), signedInUserId?: () => Promise<number | null>) {
  const sent: string[] = [];
  const seen: EditOutcome[] = [];
  const edits = new PendingEdits(
    storage,
    async (edit) => {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
      sent.push(`${edit.projectId}:${edit.field}=${edit.value}`);
    },
    (_edit, outcome) => seen.push(outcome),
    signedInUserId,
  );
  return { edits, sent, seen, storage };
}

const edit = (field: PendingEdit['field'], value: string, madeAt: number, projectId = 1): PendingEdit => ({ userId: 7, projectId, field, value, madeAt });

describe('PendingEdits', () => {
  it('sends an edit at once when the server answers', async () => {
    const { edits, sent, seen } = setup(['ok']);
    await edits.keep(edit('clientName', 'Smith', 1));
    expect(sent).toEqual(['1:clientName=Smith']);
    expect(seen).toEqual(['saved']);
    expect(edits.list()).toEqual([]);
  });

  it('keeps edits made offline across a reload and sends them in order, the last edit of a field winning', async () => {
    const storage = memoryStorage();
    const offline = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), new TypeError('Failed to fetch')], storage);
    await offline.edits.keep(edit('clientName', 'Smit', 1));
    await offline.edits.keep(edit('description', 'Kitchen', 2));
    await offline.edits.keep(edit('clientName', 'Smith', 3));
    expect(offline.seen).toEqual(['kept', 'kept', 'kept']);
    expect(offline.edits.keptValue(7, 1, 'clientName')).toBe('Smith');

    const online = setup([], storage); // the page opened again, with a connection
    await online.edits.sendAll(7);
    expect(online.sent).toEqual(['1:description=Kitchen', '1:clientName=Smith']);
    expect(online.edits.list()).toEqual([]);
  });

  it('drops an edit the server refuses with a 4xx and goes on with the next', async () => {
    const storage = memoryStorage();
    const second = setup([new ApiError(404, '{"message":"Project not found"}', 'Not Found'), 'ok'], storage);
    storage.setItem('cleanproof-pending-edits-v1', JSON.stringify([edit('clientName', 'Gone', 1, 404), edit('clientName', 'Here', 2, 5)]));
    await second.edits.sendAll(7);
    expect(second.seen).toEqual(['refused', 'saved']);
    expect(second.sent).toEqual(['5:clientName=Here']);
  });

  it("keeps an edit refused while another account's session is the device's, and drops it once its owner's is refused", async () => {
    const storage = memoryStorage();
    let signedIn: number | null = 8; // a colleague signed in in another tab
    const refused = () => new ApiError(404, '{"message":"Project not found"}', 'Not Found');
    const run = setup([refused(), refused()], storage, async () => signedIn);
    storage.setItem('cleanproof-pending-edits-v1', JSON.stringify([edit('clientName', 'Mine', 1)]));
    await run.edits.sendAll(7);
    expect(run.seen).toEqual(['kept']);
    expect(run.edits.list()).toHaveLength(1);
    signedIn = 7;
    await run.edits.sendAll(7);
    expect(run.seen).toEqual(['kept', 'refused']);
    expect(run.edits.list()).toEqual([]);
  });

  it('keeps a refused edit when it cannot ask who is signed in (no connection)', async () => {
    const storage = memoryStorage();
    const run = setup([new ApiError(404, '{"message":"Project not found"}', 'Not Found')], storage, () => Promise.reject(new TypeError('offline')));
    storage.setItem('cleanproof-pending-edits-v1', JSON.stringify([edit('clientName', 'Mine', 1)]));
    await run.edits.sendAll(7);
    expect(run.seen).toEqual(['kept']);
    expect(run.edits.list()).toHaveLength(1);
  });

  it('reports no outcome for an edit a newer one of the same field replaced while it travelled', async () => {
    const sent: string[] = [];
    const seen: string[] = [];
    const edits: PendingEdits = new PendingEdits(
      memoryStorage(),
      async (kept) => {
        sent.push(kept.value);
        // Retyped while the first save is on its way (not awaited: that run waits for this one).
        if (kept.value === 'Smith') void edits.keep(edit('clientName', 'Smithson', 2));
      },
      (kept, outcome) => seen.push(`${kept.value}:${outcome}`),
    );
    await edits.keep(edit('clientName', 'Smith', 1));
    await edits.sendAll(7);
    expect(sent).toEqual(['Smith', 'Smithson']);
    expect(seen).toEqual(['Smithson:saved']);
    expect(edits.list()).toEqual([]);
  });

  it('sends only the signed-in user\'s edits', async () => {
    const storage = memoryStorage();
    storage.setItem('cleanproof-pending-edits-v1', JSON.stringify([{ ...edit('clientName', 'Theirs', 1), userId: 8 }]));
    const { edits, sent } = setup([], storage);
    await edits.sendAll(7);
    expect(sent).toEqual([]);
    expect(edits.list()).toHaveLength(1);
  });
});
