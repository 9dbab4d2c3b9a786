// Reads many store keys one after another with a few reads in flight: S3's latency is hidden, the
// bytes come back in the items' order, and memory holds at most `readAhead` files. The first reads
// start at once, before the first is asked for, so a caller can start them while it finishes
// something else (the account export reads a report's photos while it writes the one before).
import type { PhotoStore, ReadOptions } from './photo-store.js';

export interface ReadInOrder<T> extends AsyncIterableIterator<{ item: T; bytes: Buffer | null }> {
  /** Stops reading ahead (a caller that gives up early); the reads already in flight are let go. */
  return(): Promise<IteratorResult<{ item: T; bytes: Buffer | null }>>;
}

/** `options.allocate`: read into the caller's buffers (PhotoStore.get); the caller gives them back. */
export function readInOrder<T>(
  store: Pick<PhotoStore, 'get'>,
  items: readonly T[],
  keyOf: (item: T) => string,
  readAhead = 4,
  options: ReadOptions = {},
): ReadInOrder<T> {
  const pending: Array<Promise<Buffer | null>> = [];
  let started = 0;
  let taken = 0;
  const fill = () => {
    while (pending.length < readAhead && started < items.length) {
      const read = store.get(keyOf(items[started++]!), options);
      // A caller that stops early (an error, a cancelled download) never awaits the reads ahead.
      read.catch(() => undefined);
      pending.push(read);
    }
  };
  fill();
  const done = { done: true as const, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (taken >= items.length) return done;
      const item = items[taken++]!;
      const bytes = await pending.shift()!;
      fill();
      return { done: false, value: { item, bytes } };
    },
    async return() {
      taken = items.length;
      started = items.length;
      pending.length = 0;
      return done;
    },
  };
}
