// Buffers used again and again for bytes that are read, written out, and then not needed: the
// account export reads gigabytes of photos, and a new Buffer for each would leave V8 tens of MB of
// dead ones to find (it only looks when their total has grown by tens of MB). A buffer is given
// back once nothing uses its bytes any more (a socket has taken them), and is then handed out for
// the next read of a size that fits.

/** Buffers are made in steps of this, so photos of similar sizes share them. */
const SIZE_STEP = 64 * 1024;

export interface BufferPool {
  /** A buffer of at least `size` bytes (its contents are whatever was there): a free one, or a new one. */
  take(size: number): Buffer;
  /**
   * Gives back a buffer `take` handed out (or a view of it), once nothing uses its bytes. Anything
   * else, or a buffer already given back, is ignored: it is never handed out twice.
   */
  give(bytes: Uint8Array): void;
  /** Bytes in buffers made so far and not dropped (for tests and benchmarks). */
  readonly allocatedBytes: number;
}

/** `maxFreeBytes`: free buffers kept for later past this are dropped (to the garbage collector). */
export function createBufferPool(maxFreeBytes: number): BufferPool {
  const owned = new WeakSet<ArrayBuffer>();
  const free = new Set<ArrayBuffer>();
  let freeBytes = 0;
  let allocatedBytes = 0;
  return {
    take(size) {
      let best: ArrayBuffer | null = null;
      for (const candidate of free) if (candidate.byteLength >= size && (!best || candidate.byteLength < best.byteLength)) best = candidate;
      if (best) {
        free.delete(best);
        freeBytes -= best.byteLength;
        return Buffer.from(best);
      }
      const buffer = Buffer.allocUnsafeSlow(Math.max(SIZE_STEP, Math.ceil(size / SIZE_STEP) * SIZE_STEP));
      owned.add(buffer.buffer);
      allocatedBytes += buffer.byteLength;
      return buffer;
    },
    give(bytes) {
      const whole = bytes.buffer;
      if (!(whole instanceof ArrayBuffer) || !owned.has(whole) || free.has(whole)) return;
      if (freeBytes + whole.byteLength > maxFreeBytes) {
        owned.delete(whole);
        allocatedBytes -= whole.byteLength;
        return;
      }
      free.add(whole);
      freeBytes += whole.byteLength;
    },
    get allocatedBytes() {
      return allocatedBytes;
    },
  };
}
