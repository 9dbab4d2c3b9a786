// A small JPEG marker walker (no second encode). It removes the segments that carry
// metadata and copies every other byte as it is, so the image data is never decoded or re-encoded.
//
// Kept: SOI/EOI, the frame, tables and scans (SOFn, DHT, DQT, DRI, DAC, DNL, DHP, EXP, SOS and
// the entropy-coded data with its RSTn), APP0 JFIF's fixed header (density, harmless; its
// optional thumbnail, any pixels the sender chose, is cut off) and APP14 Adobe (it says how the
// decoder must convert colours).
// Removed: APP1 (EXIF, XMP), APP13 (IPTC / Photoshop), COM comments, APP0 JFXX thumbnails, every
// other APPn (APP2 ICC / MPF, maker notes, HDR gain-map indexes), and anything after EOI (images
// appended by multi-picture formats). Callers send JPEGs with an ICC profile to the encode path,
// so a kept photo never depends on a profile it lost.
// See docs/decisions/017-capture-proof-and-idempotent-uploads.md.

export class JpegStructureError extends Error {
  constructor(message: string) {
    super(`Not a well-formed JPEG: ${message}`);
    this.name = 'JpegStructureError';
  }
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;
const TEM = 0x01;

const isRst = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const COM = 0xfe;

/** JFIF's fixed fields: identifier, version, density units, X and Y density, thumbnail size. */
const JFIF_HEADER_LENGTH = 14;

/**
 * The JFIF segment as stored: its fixed fields with a thumbnail size of 0x0, without the
 * thumbnail's pixels (JFIF 1.02 allows up to 64 KB of them, which could show anything). A JFIF
 * segment too short to hold its fixed fields is dropped.
 */
function bareJfif(payload: Buffer, raw: Buffer): Buffer | null {
  if (payload.length < JFIF_HEADER_LENGTH) return null;
  const hasThumbnail = payload[12] !== 0 || payload[13] !== 0 || payload.length > JFIF_HEADER_LENGTH;
  if (!hasThumbnail) return raw;
  const segment = Buffer.alloc(4 + JFIF_HEADER_LENGTH);
  segment.writeUInt16BE(0xff00 | APP0, 0);
  segment.writeUInt16BE(2 + JFIF_HEADER_LENGTH, 2);
  payload.copy(segment, 4, 0, 12); // Xthumbnail and Ythumbnail stay 0
  return segment;
}

/** Whether a segment with this marker and payload stays in the stored photo. */
function keepSegment(marker: number, payload: Buffer): boolean {
  if (marker === COM) return false;
  if (!isApp(marker)) return true;
  if (marker === APP0) return payload.subarray(0, 5).toString('latin1') === 'JFIF\0';
  if (marker === APP14) return payload.subarray(0, 5).toString('latin1') === 'Adobe';
  return false;
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Huffman-coded baseline, extended and progressive frames: what every browser and PDF viewer decodes. */
const COMMON_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * Whether the image is coded the way every browser and PDF viewer decodes: Huffman-coded, 8 bits
 * per sample. Arithmetic-coded, lossless, hierarchical and 12-bit JPEGs decode here (libjpeg)
 * but not everywhere (Firefox, many PDF readers), so they are encoded again rather than kept.
 */
export function hasCommonCoding(bytes: Buffer): boolean {
  const frames = listJpegSegments(bytes).filter((segment) => isFrame(segment.marker));
  return frames.length === 1 && COMMON_FRAMES.has(frames[0]!.marker) && frames[0]!.payload[0] === 8;
}

/** The markers of the segments in order (for tests and callers that check what a file holds). */
export function listJpegSegments(bytes: Buffer): { marker: number; payload: Buffer }[] {
  const segments: { marker: number; payload: Buffer }[] = [];
  walk(bytes, (marker, payload) => void segments.push({ marker, payload }));
  return segments;
}

/** The same JPEG with its metadata segments removed; every kept byte is copied unchanged. */
export function stripJpegMetadata(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  walk(bytes, (marker, payload, raw) => {
    if (!keepSegment(marker, payload)) return;
    const kept = marker === APP0 ? bareJfif(payload, raw) : raw;
    if (kept) parts.push(kept);
  });
  return Buffer.concat(parts);
}

/**
 * Calls `visit` for each marker up to and including EOI with the segment's payload (after its
 * length field) and its raw bytes; a scan's raw bytes include its entropy-coded data.
 */
function walk(bytes: Buffer, visit: (marker: number, payload: Buffer, raw: Buffer) => void): void {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegStructureError('no start-of-image marker');
  visit(SOI, Buffer.alloc(0), bytes.subarray(0, 2));
  let pos = 2;
  for (;;) {
    if (pos >= bytes.length) throw new JpegStructureError('the file ends before its end-of-image marker');
    if (bytes[pos] !== 0xff) throw new JpegStructureError(`expected a marker at byte ${pos}`);
    // Any number of 0xFF fill bytes may come before a marker.
    let markerAt = pos;
    while (bytes[markerAt + 1] === 0xff) markerAt += 1;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) throw new JpegStructureError('the file ends inside a marker');
    if (marker === EOI) {
      visit(EOI, Buffer.alloc(0), bytes.subarray(markerAt, markerAt + 2));
      return; // whatever follows EOI is not part of this image
    }
    if (marker === 0x00 || marker === SOI) throw new JpegStructureError(`unexpected marker 0x${marker.toString(16)} at byte ${markerAt}`);
    if (isRst(marker) || marker === TEM) {
      visit(marker, Buffer.alloc(0), bytes.subarray(markerAt, markerAt + 2));
      pos = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > bytes.length) throw new JpegStructureError('the file ends inside a segment header');
    const length = bytes.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) throw new JpegStructureError(`segment 0x${marker.toString(16)} at byte ${markerAt} runs past the end`);
    const payload = bytes.subarray(markerAt + 4, end);
    if (marker !== SOS) {
      visit(marker, payload, bytes.subarray(markerAt, end));
      pos = end;
      continue;
    }
    // A scan: its entropy-coded data runs to the next marker that is neither a stuffed 0xFF00
    // nor a restart marker.
    let dataEnd = end;
    for (;;) {
      const ff = bytes.indexOf(0xff, dataEnd);
      if (ff < 0 || ff + 1 >= bytes.length) throw new JpegStructureError('the file ends inside the image data');
      const next = bytes[ff + 1]!;
      if (next === 0x00 || isRst(next)) {
        dataEnd = ff + 2;
        continue;
      }
      if (next === 0xff) {
        // Fill bytes before a marker, or an 0xFF in front of a stuffed 0x00: look at the next byte.
        dataEnd = ff + 1;
        continue;
      }
      dataEnd = ff;
      break;
    }
    visit(SOS, payload, bytes.subarray(markerAt, dataEnd));
    pos = dataEnd;
  }
}
