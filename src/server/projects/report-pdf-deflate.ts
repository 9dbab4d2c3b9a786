// pdf-lib compresses a PDF's page contents and fonts with pako, zlib ported to JavaScript. Each
// call allocates ~270 KB of typed arrays (window, hash chains, pending output) that only the
// garbage collector frees: a report of 20 pairs makes ~11 of them, and the account export makes
// one PDF per report, so those arrays piled up by the hundred MB between collections, and glibc
// kept most of what they had taken once they were freed (measured: RSS +63 MB after 60 reports
// and a full collection, +39 MB with this). On the server, the same deflate is done by Node's zlib:
// native memory freed as each call returns, and about 4x less CPU. The bytes inflate to the same
// contents (zlib format, level 6, as pako's default); the browser keeps pako.
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

type Deflate = (data: Uint8Array, options?: unknown) => Uint8Array;

let installed = false;

export function useNativeDeflateForPdfs(): void {
  if (installed) return;
  installed = true;
  // The very pako module pdf-lib requires (it looks `deflate` up on it at each call).
  const requireFromPdfLib = createRequire(createRequire(import.meta.url).resolve('pdf-lib'));
  const pako = requireFromPdfLib('pako') as { deflate: Deflate };
  const pakoDeflate = pako.deflate;
  pako.deflate = (data, options) => {
    // pdf-lib passes no options; anyone else's call keeps pako's own behaviour.
    if (options !== undefined) return pakoDeflate(data, options);
    const bytes = deflateSync(data);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}
