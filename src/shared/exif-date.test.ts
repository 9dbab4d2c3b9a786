import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { findJpegExif, readExifDate } from './exif-date';

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const jpegWith = (tags: { IFD0?: Record<string, string>; IFD2?: Record<string, string> }) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
    .withExif(tags)
    .jpeg()
    .toBuffer();

describe('readExifDate', () => {
  it('reads the same date from a whole JPEG (the browser) and from the block sharp gives (the server)', async () => {
    const jpeg = await jpegWith({ IFD0: { Make: 'FixtureCam' }, IFD2: { DateTimeOriginal: '2026:11:21 09:14:03', OffsetTimeOriginal: '-05:30' } });
    const fromFile = readExifDate(findJpegExif(view(jpeg))!);
    const fromSharp = readExifDate(view((await sharp(jpeg).metadata()).exif!));
    expect(fromFile).toEqual({ wallAsUtc: Date.UTC(2026, 10, 21, 9, 14, 3), offsetMs: -(5 * 60 + 30) * 60_000 });
    expect(fromSharp).toEqual(fromFile);
  });

  it('gives a null offset when the file names no zone, and null for no date, an unknown date or a day the month lacks', async () => {
    expect(readExifDate(findJpegExif(view(await jpegWith({ IFD2: { DateTimeOriginal: '2026:11:21 09:14:03' } })))!)).toEqual({
      wallAsUtc: Date.UTC(2026, 10, 21, 9, 14, 3),
      offsetMs: null,
    });
    expect(readExifDate(findJpegExif(view(await jpegWith({ IFD0: { Make: 'FixtureCam' } })))!)).toBeNull();
    expect(readExifDate(findJpegExif(view(await jpegWith({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } })))!)).toBeNull();
    expect(readExifDate(findJpegExif(view(await jpegWith({ IFD2: { DateTimeOriginal: '2026:02:31 09:14:03' } })))!)).toBeNull();
  });

  it('finds no block in a JPEG without EXIF or in another format, and never throws on cut bytes', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(findJpegExif(view(plain))).toBeNull();
    expect(findJpegExif(view(png))).toBeNull();
    const jpeg = await jpegWith({ IFD2: { DateTimeOriginal: '2026:11:21 09:14:03' } });
    for (const cut of [12, 20, 40, 80]) {
      const block = findJpegExif(view(jpeg.subarray(0, cut)));
      expect(block === null ? null : readExifDate(block)).toBeNull();
    }
    expect(readExifDate(view(new Uint8Array([0x49, 0x49, 0x2a, 0, 0xff, 0xff, 0xff, 0xff])))).toBeNull();
  });
});
