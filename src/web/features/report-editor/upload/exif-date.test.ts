import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseExifCaptureDate, readExifCaptureDate } from './exif-date';

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const plainJpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();

describe('readExifCaptureDate', () => {
  it('reads DateTimeOriginal with the camera offset', async () => {
    const jpeg = await sharp(await plainJpeg())
      .withExif({ IFD2: { DateTimeOriginal: '2026:11:21 09:14:03', OffsetTimeOriginal: '+01:00' } })
      .jpeg()
      .toBuffer();
    expect(await readExifCaptureDate(new Blob([new Uint8Array(jpeg)]))).toBe('2026-11-21T08:14:03.000Z');
  });

  it('reads DateTimeOriginal without an offset as the device local time', async () => {
    const jpeg = await sharp(await plainJpeg())
      .withExif({ IFD2: { DateTimeOriginal: '2026:11:21 09:14:03' } })
      .jpeg()
      .toBuffer();
    expect(await readExifCaptureDate(new Blob([new Uint8Array(jpeg)]))).toBe(new Date(2026, 10, 20 + 1, 9, 14, 3).toISOString());
  });

  it('says nothing for a JPEG without EXIF, another format, or a date that means unknown', async () => {
    expect(await readExifCaptureDate(new Blob([new Uint8Array(await plainJpeg())]))).toBeUndefined();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await readExifCaptureDate(new Blob([new Uint8Array(png)]))).toBeUndefined();
    const unknown = await sharp(await plainJpeg())
      .withExif({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } })
      .jpeg()
      .toBuffer();
    expect(await readExifCaptureDate(new Blob([new Uint8Array(unknown)]))).toBeUndefined();
    // A day the month lacks is not rolled over into March (the server's reader agrees: one rule).
    const impossible = await sharp(await plainJpeg())
      .withExif({ IFD2: { DateTimeOriginal: '2026:02:31 09:14:03', OffsetTimeOriginal: '+01:00' } })
      .jpeg()
      .toBuffer();
    expect(await readExifCaptureDate(new Blob([new Uint8Array(impossible)]))).toBeUndefined();
  });

  it('never throws on cut or garbage bytes', () => {
    expect(parseExifCaptureDate(view(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x40, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49])))).toBeUndefined();
    expect(parseExifCaptureDate(view(new Uint8Array([1, 2, 3])))).toBeUndefined();
  });
});
