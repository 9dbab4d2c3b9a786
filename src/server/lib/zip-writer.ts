// Writes a ZIP archive to a stream, one entry at a time, stored without compression (JPEGs and
// PDFs do not shrink; deflating them would only cost CPU). Each entry's bytes are known before its
// header is written, so there are no data descriptors; ZIP64 records appear only where an offset,
// a size or the entry count passes the classic format's limits. Writes wait for the stream to
// drain, so a slow reader slows the writer instead of filling memory.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA_ID = 0x0001;
const UINT32_MAX = 0xffffffff;
const UINT16_MAX = 0xffff;
/** General purpose flag bit 11: file names are UTF-8. */
const UTF8_NAMES = 0x0800;
const VERSION_CLASSIC = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3) so the external attributes carry a file mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE_ATTRIBUTES = (0o100644 << 16) >>> 0;

export interface ZipWriterOptions {
  /** Writes every entry and the end record in ZIP64 form (tests use it to check the large-archive path on small data). */
  forceZip64?: boolean;
}

export interface ZipEntryOptions {
  modifiedAt?: Date;
  /**
   * Called once the output is done with the entry's bytes, so their buffer may be used again
   * (lib/buffer-pool.ts). For a socket or an HTTP response that is once they are handed to the
   * kernel; a stream that keeps the chunks it passes on (a PassThrough) must not be given bytes
   * whose buffer is used again. Never called when the write fails.
   */
  onFlushed?: () => void;
}

/** What is known of an entry's bytes before they are written. */
export interface ZipEntryContents {
  size: number;
  crc32: number;
}

export interface ZipWriter {
  /** Adds one entry; resolves (with its size and CRC-32) once its bytes are handed to the stream and it has drained. */
  addFile(name: string, bytes: Uint8Array, options?: ZipEntryOptions): Promise<ZipEntryContents>;
  /**
   * Adds an entry whose size and CRC-32 are known before its bytes are at hand: `produce` hands
   * them over in order through `write` (each resolving once the stream takes it), so they need not
   * be in memory at once. More or fewer bytes than `contents.size` throw, after the header has gone
   * out: the archive is then broken, and whoever writes it must cut the stream short. The CRC-32 is
   * taken as given (summing the bytes again would cost as much as the first time): a caller whose
   * bytes may have changed since it summed them checks them itself.
   */
  addStreamedFile(
    name: string,
    contents: ZipEntryContents,
    produce: (write: (chunk: Uint8Array, onFlushed?: () => void) => Promise<void>) => Promise<void>,
    options?: Pick<ZipEntryOptions, 'modifiedAt'>,
  ): Promise<void>;
  /** Adds a file from disk of any size, read twice (checksum, then copy) so memory stays small. */
  addFileFromDisk(name: string, filePath: string, options?: ZipEntryOptions): Promise<void>;
  /** Writes the central directory; the stream is ended. */
  finish(): Promise<void>;
  /** Bytes written so far. */
  readonly bytesWritten: number;
}

interface CentralEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

export class ZipStreamClosedError extends Error {
  constructor() {
    super('The ZIP stream was closed before the archive was finished');
  }
}

export function createZipWriter(output: Writable, options: ZipWriterOptions = {}): ZipWriter {
  const entries: CentralEntry[] = [];
  const names = new Set<string>();
  let offset = 0;
  let finished = false;

  const write = async (chunk: Uint8Array, onFlushed?: () => void): Promise<void> => {
    if (output.destroyed || output.writableEnded) throw new ZipStreamClosedError();
    offset += chunk.byteLength;
    const flushed =
      onFlushed &&
      ((error: Error | null | undefined) => {
        if (!error) onFlushed();
      });
    if (output.write(chunk, flushed)) return;
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        cleanup();
        resolve();
      };
      const onClose = () => {
        cleanup();
        reject(new ZipStreamClosedError());
      };
      const cleanup = () => {
        output.off('drain', onDrain);
        output.off('close', onClose);
        output.off('error', onClose);
      };
      output.on('drain', onDrain);
      output.on('close', onClose);
      output.on('error', onClose);
    });
  };

  const startEntry = async (name: string, crc: number, size: number, modifiedAt: Date): Promise<void> => {
    if (finished) throw new Error('The ZIP archive is already finished');
    if (names.has(name)) throw new Error(`Duplicate ZIP entry name: ${name}`);
    names.add(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosDateTime(modifiedAt);
    const zip64 = options.forceZip64 === true || size >= UINT32_MAX;
    entries.push({ name: nameBytes, crc, size, offset, time, date });

    const extra = zip64 ? zip64Extra([size, size]) : Buffer.alloc(0);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_CLASSIC, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(zip64 ? UINT32_MAX : size, 18);
    header.writeUInt32LE(zip64 ? UINT32_MAX : size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(extra.length, 28);
    await write(Buffer.concat([header, nameBytes, extra]));
  };

  const addStreamedFile: ZipWriter['addStreamedFile'] = async (name, contents, produce, entryOptions = {}) => {
    await startEntry(name, contents.crc32, contents.size, entryOptions.modifiedAt ?? new Date());
    let size = 0;
    await produce(async (chunk, onFlushed) => {
      size += chunk.byteLength;
      if (size > contents.size) throw new Error(`${name}: more bytes than the ${contents.size} its ZIP header promised`);
      await write(chunk, onFlushed);
    });
    if (size !== contents.size) throw new Error(`${name}: ${size} bytes, not the ${contents.size} its ZIP header promised`);
  };

  return {
    get bytesWritten() {
      return offset;
    },
    async addFile(name, bytes, entryOptions = {}) {
      const contents = { size: bytes.byteLength, crc32: crc32(bytes) };
      await startEntry(name, contents.crc32, contents.size, entryOptions.modifiedAt ?? new Date());
      if (bytes.byteLength > 0) await write(bytes, entryOptions.onFlushed);
      else entryOptions.onFlushed?.();
      return contents;
    },
    addStreamedFile,
    async addFileFromDisk(name, filePath, entryOptions = {}) {
      let crc = 0;
      let size = 0;
      for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        size += chunk.length;
      }
      const modifiedAt = entryOptions.modifiedAt ?? (await fs.stat(filePath)).mtime;
      await addStreamedFile(
        name,
        { size, crc32: crc },
        async (writeChunk) => {
          for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) await writeChunk(chunk);
        },
        { modifiedAt },
      );
    },
    async finish() {
      if (finished) throw new Error('The ZIP archive is already finished');
      finished = true;
      const directoryStart = offset;
      for (const entry of entries) await write(centralHeader(entry, options.forceZip64 === true));
      const directorySize = offset - directoryStart;
      const zip64 = options.forceZip64 === true || entries.length >= UINT16_MAX || directoryStart >= UINT32_MAX || directorySize >= UINT32_MAX;
      if (zip64) {
        const zip64EndOffset = offset;
        const record = Buffer.alloc(56);
        record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
        record.writeBigUInt64LE(44n, 4); // the record's size after this field
        record.writeUInt16LE(MADE_BY, 12);
        record.writeUInt16LE(VERSION_ZIP64, 14);
        record.writeUInt32LE(0, 16);
        record.writeUInt32LE(0, 20);
        record.writeBigUInt64LE(BigInt(entries.length), 24);
        record.writeBigUInt64LE(BigInt(entries.length), 32);
        record.writeBigUInt64LE(BigInt(directorySize), 40);
        record.writeBigUInt64LE(BigInt(directoryStart), 48);
        const locator = Buffer.alloc(20);
        locator.writeUInt32LE(ZIP64_LOCATOR, 0);
        locator.writeUInt32LE(0, 4);
        locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
        locator.writeUInt32LE(1, 16);
        await write(Buffer.concat([record, locator]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      end.writeUInt16LE(zip64 ? UINT16_MAX : entries.length, 8);
      end.writeUInt16LE(zip64 ? UINT16_MAX : entries.length, 10);
      end.writeUInt32LE(zip64 ? UINT32_MAX : directorySize, 12);
      end.writeUInt32LE(zip64 ? UINT32_MAX : directoryStart, 16);
      await write(end);
      await new Promise<void>((resolve, reject) => {
        output.end((error?: Error | null) => (error ? reject(error) : resolve()));
      });
    },
  };
}

function centralHeader(entry: CentralEntry, forceZip64: boolean): Buffer {
  // ZIP64 extra fields hold only the values that do not fit, in this order.
  const sizeTooLarge = forceZip64 || entry.size >= UINT32_MAX;
  const offsetTooLarge = forceZip64 || entry.offset >= UINT32_MAX;
  const large: number[] = [];
  if (sizeTooLarge) large.push(entry.size, entry.size);
  if (offsetTooLarge) large.push(entry.offset);
  const extra = large.length > 0 ? zip64Extra(large) : Buffer.alloc(0);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(large.length > 0 ? VERSION_ZIP64 : VERSION_CLASSIC, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(sizeTooLarge ? UINT32_MAX : entry.size, 20);
  header.writeUInt32LE(sizeTooLarge ? UINT32_MAX : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment length
  header.writeUInt16LE(0, 34); // disk number
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE(FILE_MODE_ATTRIBUTES, 38);
  header.writeUInt32LE(offsetTooLarge ? UINT32_MAX : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(ZIP64_EXTRA_ID, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, index) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * index));
  return extra;
}

/** MS-DOS date and time (2-second steps), written in UTC: the server's own zone means nothing to whoever opens the file. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
