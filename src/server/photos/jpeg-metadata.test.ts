import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import fs from 'node:fs';
import { hasCommonCoding, JpegStructureError, listJpegSegments, stripJpegMetadata } from './jpeg-metadata.js';
import { hasGpsTag, makePhotoJpeg } from '../test-support/photo-fixtures.js';

/** Before the first scan: image data may hold any byte pair by chance. */
const headerOf = (bytes: Buffer) => bytes.subarray(0, bytes.indexOf(Buffer.from([0xff, 0xda])));
const marker = (bytes: Buffer) => listJpegSegments(bytes).map((segment) => segment.marker);
const segment = (code: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt8(0xff, 0);
  head.writeUInt8(code, 1);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

async function rawPixels(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).raw().toBuffer();
}

/** A capture as the browser makes it, plus what a camera app adds: EXIF with GPS, XMP, ICC-less. */
async function jpegWithMetadata(options: { progressive?: boolean } = {}): Promise<Buffer> {
  const base = await makePhotoJpeg(320, 240, { seed: 5 });
  return sharp(base)
    .withExif({ IFD0: { Make: 'FixtureCam', Artist: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .jpeg({ quality: 60, progressive: options.progressive ?? false })
    .toBuffer();
}

describe('stripJpegMetadata', () => {
  it('removes EXIF (with GPS) and XMP, keeps the image data byte for byte: same pixels', async () => {
    const original = await jpegWithMetadata();
    expect(hasGpsTag(headerOf(original))).toBe(true);
    expect(marker(original)).toContain(0xe1);
    const stripped = stripJpegMetadata(original);
    expect(marker(stripped)).not.toContain(0xe1);
    expect(hasGpsTag(headerOf(stripped))).toBe(false);
    expect(stripped.includes('FixtureCam')).toBe(false);
    expect(stripped.includes('xmpmeta')).toBe(false);
    const metadata = await sharp(stripped).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect((await rawPixels(stripped)).equals(await rawPixels(original))).toBe(true);
    // Every byte from the first table on is the original's.
    const tablesAt = (bytes: Buffer) => bytes.indexOf(Buffer.from([0xff, 0xdb]));
    expect(stripped.subarray(tablesAt(stripped)).equals(original.subarray(tablesAt(original)))).toBe(true);
  });

  it('handles progressive JPEGs (several scans with tables between them)', async () => {
    const original = await jpegWithMetadata({ progressive: true });
    const stripped = stripJpegMetadata(original);
    expect(marker(stripped).filter((code) => code === 0xda).length).toBeGreaterThan(1);
    expect((await rawPixels(stripped)).equals(await rawPixels(original))).toBe(true);
  });

  it('removes comments, IPTC, ICC/MPF APP2 and JFXX thumbnails; keeps JFIF and Adobe; drops what follows EOI', async () => {
    const base = await makePhotoJpeg(64, 48, { seed: 6 });
    const afterSoi = base.subarray(2);
    const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
    const jfxx = segment(0xe0, Buffer.from('JFXX\0\x10thumbnail', 'latin1'));
    const icc = segment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01profile', 'latin1'));
    const iptc = segment(0xed, Buffer.from('Photoshop 3.0\0secret caption', 'latin1'));
    const adobe = segment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'));
    const comment = segment(0xfe, Buffer.from('a comment with a name', 'latin1'));
    const withoutJfif = afterSoi[1] === 0xe0 ? afterSoi.subarray(2 + afterSoi.readUInt16BE(2)) : afterSoi;
    const input = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, jfxx, icc, iptc, adobe, comment, withoutJfif, Buffer.from('appended second image')]);
    const stripped = stripJpegMetadata(input);
    const segments = listJpegSegments(stripped);
    expect(segments.filter((s) => s.marker >= 0xe0 && s.marker <= 0xef).map((s) => s.payload.subarray(0, 5).toString('latin1'))).toEqual(['JFIF\0', 'Adobe']);
    for (const gone of ['thumbnail', 'profile', 'secret caption', 'a comment', 'appended']) expect(stripped.includes(gone)).toBe(false);
    expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    await expect(sharp(stripped).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it("cuts JFIF's own thumbnail off and keeps its fixed fields", async () => {
    const base = await makePhotoJpeg(64, 48, { seed: 9 });
    const afterSoi = base.subarray(2);
    const withoutJfif = afterSoi[1] === 0xe0 ? afterSoi.subarray(2 + afterSoi.readUInt16BE(2)) : afterSoi;
    // A 2x2 RGB thumbnail (12 bytes) that says something the sender did not mean to send.
    const fields = Buffer.from('JFIF\0\x01\x02\x01\0\x48\0\x48\x02\x02', 'latin1');
    const jfif = segment(0xe0, Buffer.concat([fields, Buffer.from('LAT=40.4168;', 'latin1')]));
    const stripped = stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, withoutJfif]));
    expect(stripped.includes('LAT=')).toBe(false);
    const [kept] = listJpegSegments(stripped).filter((s) => s.marker === 0xe0);
    expect(kept?.payload.toString('latin1')).toBe('JFIF\0\x01\x02\x01\0\x48\0\x48\0\0');
    expect(stripped.subarray(2 + 4 + 14).equals(withoutJfif)).toBe(true);
    expect((await rawPixels(stripped)).equals(await rawPixels(base))).toBe(true);
    // Too short to be JFIF: dropped.
    const short = stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe0, Buffer.from('JFIF\0\x01', 'latin1')), withoutJfif]));
    expect(listJpegSegments(short).some((s) => s.marker === 0xe0)).toBe(false);
  });

  it('leaves a JPEG without metadata exactly as it is', async () => {
    const plain = stripJpegMetadata(await makePhotoJpeg(64, 48, { seed: 7 }));
    expect(stripJpegMetadata(plain).equals(plain)).toBe(true);
  });

  it.each([
    ['not a JPEG', Buffer.from('hello world, not a jpeg')],
    ['only the start marker', Buffer.from([0xff, 0xd8, 0xff])],
    ['a segment running past the end', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x01])],
    ['a segment length below 2', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01, 0xff, 0xd9])],
    ['garbage where a marker belongs', Buffer.from([0xff, 0xd8, 0x12, 0x34, 0xff, 0xd9])],
  ])('refuses %s', (_name, bytes) => {
    expect(() => stripJpegMetadata(bytes)).toThrow(JpegStructureError);
  });

  it('refuses a JPEG cut off in its image data', async () => {
    const whole = await makePhotoJpeg(320, 240, { seed: 8 });
    expect(() => stripJpegMetadata(whole.subarray(0, Math.floor(whole.length * 0.7)))).toThrow(JpegStructureError);
  });
});

describe('hasCommonCoding', () => {
  it('is true for the Huffman-coded 8-bit JPEGs every viewer shows, baseline and progressive', async () => {
    expect(hasCommonCoding(await makePhotoJpeg(64, 48, { seed: 10 }))).toBe(true);
    expect(
      hasCommonCoding(
        await sharp(await makePhotoJpeg(64, 48, { seed: 10 }))
          .jpeg({ progressive: true })
          .toBuffer(),
      ),
    ).toBe(true);
  });

  it('is false for an arithmetic-coded JPEG (made with jpegtran -arithmetic) and for a 12-bit frame', async () => {
    const arithmetic = fs.readFileSync(new URL('../test-support/fixtures/arithmetic-coded-320x240.jpg', import.meta.url));
    expect(listJpegSegments(arithmetic).map((s) => s.marker)).toContain(0xc9);
    expect(hasCommonCoding(arithmetic)).toBe(false);
    const baseline = await makePhotoJpeg(64, 48, { seed: 11 });
    const frameAt = baseline.indexOf(Buffer.from([0xff, 0xc0]));
    const twelveBit = Buffer.from(baseline);
    twelveBit[frameAt + 4] = 12; // the frame's sample precision
    expect(hasCommonCoding(twelveBit)).toBe(false);
  });
});
