// A bulk job that makes garbage faster than V8 looks for it. Laying out a report's PDF (pdf-lib)
// makes several MB of short-lived objects; each young-generation collection during a layout
// promotes ~1.3 MB of them to the old space, where V8 looks only once the old space reaches a
// limit far above the export's needs. Measured on an account export of 1 GB: the server's old
// space grew by 50 MB and its ArrayBuffers by 30 MB, with no major collection at all, most of it
// dead. The job asks for a full collection each time the heap and its ArrayBuffers have grown past
// a budget: a pause of 10-40 ms every few reports, for RSS that grows by about the budget instead
// of by wherever V8's limit happens to be.
import v8 from 'node:v8';
import vm from 'node:vm';

/** The collector V8 exposes with --expose-gc; set at runtime when the server was started without it. */
function exposedGc(): (() => void) | null {
  const own = (globalThis as { gc?: () => void }).gc;
  if (own) return own;
  try {
    // The flag takes effect for contexts made after it: a fresh one hands over its `gc`.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

let gc: (() => void) | null | undefined;

function heapAndBufferBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

export interface HeapBudget {
  /** Collects garbage when the heap and ArrayBuffers have grown past the budget since the last time; true if it did. */
  collectIfOver(): boolean;
}

export function createHeapBudget(maxGrowthBytes: number): HeapBudget {
  gc ??= exposedGc();
  let base = heapAndBufferBytes();
  return {
    collectIfOver() {
      if (!gc || heapAndBufferBytes() - base < maxGrowthBytes) return false;
      gc();
      base = heapAndBufferBytes();
      return true;
    },
  };
}
