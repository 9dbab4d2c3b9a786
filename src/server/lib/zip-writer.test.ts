import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createZipWriter, ZipStreamClosedError, type ZipWriterOptions } from './zip-writer.js';
import { readZip } from '../test-support/zip-reading.js';

async function collect(build: (writer: ReturnType<typeof createZipWriter>) => Promise<void>, options?: ZipWriterOptions): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createZipWriter(output, options);
  await build(writer);
  await writer.finish();
  return Buffer.concat(chunks);
}

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('ZIP writer', () => {
  for (const forceZip64 of [false, true]) {
    it(`writes entries any reader gets back byte for byte${forceZip64 ? ' (ZIP64 records)' : ''}`, async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-zip-'));
      dirs.push(dir);
      const onDisk = path.join(dir, 'big.bin');
      const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0xab);
      await fs.writeFile(onDisk, big);
      const modifiedAt = new Date('2026-03-04T05:06:08Z');
      const archive = await collect(
        async (writer) => {
          await writer.addFile('README.txt', Buffer.from('hello'), { modifiedAt });
          await writer.addFile('Señora García/photo-01-before.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
          await writer.addFile('empty.csv', Buffer.alloc(0));
          await writer.addFileFromDisk('database/big.bin', onDisk);
        },
        { forceZip64 },
      );
      const entries = await readZip(archive);
      expect([...entries.keys()]).toEqual(['README.txt', 'Señora García/photo-01-before.jpg', 'empty.csv', 'database/big.bin']);
      expect(entries.get('README.txt')!.bytes.toString()).toBe('hello');
      expect(entries.get('README.txt')!.modifiedAt.toISOString()).toBe('2026-03-04T05:06:08.000Z');
      expect(entries.get('Señora García/photo-01-before.jpg')!.bytes).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      expect(entries.get('empty.csv')!.bytes.length).toBe(0);
      expect(entries.get('database/big.bin')!.bytes.equals(big)).toBe(true);
      // Info-ZIP, as most people's tools, tests every entry's CRC-32 too.
      const zipPath = path.join(dir, 'out.zip');
      await fs.writeFile(zipPath, archive);
      expect(execFileSync('unzip', ['-t', zipPath]).toString()).toMatch(/No errors detected/);
    });
  }

  it('streams an entry whose size and CRC-32 are known first, and refuses more or fewer bytes than it said', async () => {
    const parts = [Buffer.from('%PDF-1.7\n'), Buffer.alloc(100_000, 0x42), Buffer.from('%%EOF')];
    const whole = Buffer.concat(parts);
    const archive = await collect(async (writer) => {
      await writer.addStreamedFile('report.pdf', { size: whole.length, crc32: crc32(whole) }, async (write) => {
        for (const part of parts) await write(part);
      });
    });
    expect((await readZip(archive)).get('report.pdf')!.bytes.equals(whole)).toBe(true);

    const shorter = createZipWriter(new PassThrough().resume());
    await expect(shorter.addStreamedFile('a.jpg', { size: 3, crc32: crc32(Buffer.from('abc')) }, (write) => write(Buffer.from('ab')))).rejects.toThrow(
      /2 bytes, not the 3/,
    );
    const longer = createZipWriter(new PassThrough().resume());
    await expect(longer.addStreamedFile('b.jpg', { size: 2, crc32: 0 }, (write) => write(Buffer.from('abc')))).rejects.toThrow(/more bytes/);
  });

  it('writes ZIP64 end records past 65,535 entries, which unzip and Python read in full', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-zip-'));
    dirs.push(dir);
    const count = 70_000;
    const archive = await collect(async (writer) => {
      for (let i = 0; i < count; i++) await writer.addFile(`reports/r${Math.floor(i / 100)}/p${i}.jpg`, Buffer.from(String(i)));
    });
    // Only the end of the central directory needs ZIP64 here (no offset or size passes 4 GiB).
    expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const zipPath = path.join(dir, 'many.zip');
    await fs.writeFile(zipPath, archive);
    expect(execFileSync('unzip', ['-tq', zipPath]).toString()).toMatch(/No errors detected/);
    const python = execFileSync('python3', [
      '-c',
      'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(len(z.infolist()), z.testzip(), z.read("reports/r699/p69999.jpg").decode())',
      zipPath,
    ]);
    expect(python.toString().trim()).toBe(`${count} None 69999`);
  });

  it('refuses a second entry of the same name', async () => {
    const writer = createZipWriter(new PassThrough());
    await writer.addFile('a.txt', Buffer.from('1'));
    await expect(writer.addFile('a.txt', Buffer.from('2'))).rejects.toThrow(/Duplicate/);
  });

  it('waits for a slow reader instead of buffering, and stops when the reader goes away', async () => {
    let release: () => void = () => undefined;
    let received = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        release = () => callback();
      },
    });
    const writer = createZipWriter(slow);
    const first = writer.addFile('a.bin', Buffer.alloc(64 * 1024));
    let done = false;
    void first.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    expect(received).toBeLessThan(64 * 1024);
    slow.destroy();
    release();
    await expect(first).rejects.toBeInstanceOf(ZipStreamClosedError);
    await expect(writer.addFile('b.bin', Buffer.alloc(1))).rejects.toBeInstanceOf(ZipStreamClosedError);
  });
});
