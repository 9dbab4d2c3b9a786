// Reads many store keys one after another with a few reads in flight: S3's latency is hidden, the
// bytes come back in the items' order, and memory holds at most `readAhead` files.
import type { PhotoStore } from './photo-store.js';

export async function* readInOrder<T>(
  store: PhotoStore,
  items: readonly T[],
  keyOf: (item: T) => string,
  readAhead = 4,
): AsyncGenerator<{ item: T; bytes: Buffer | null }> {
  const pending: Array<Promise<Buffer | null>> = [];
  let next = 0;
  const fill = () => {
    while (pending.length < readAhead && next < items.length) {
      const read = store.get(keyOf(items[next++]!));
      // A caller that stops early (an error, a cancelled download) never awaits the reads ahead.
      read.catch(() => undefined);
      pending.push(read);
    }
  };
  fill();
  for (const item of items) {
    const bytes = await pending.shift()!;
    fill();
    yield { item, bytes };
  }
}
