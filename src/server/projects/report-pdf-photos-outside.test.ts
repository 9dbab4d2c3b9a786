import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhotoJpeg } from '../test-support/photo-fixtures.js';
import { jpegHeaderOf } from './report-pdf-photos-outside.js';

describe('jpegHeaderOf', () => {
  it("is a JPEG's start up to its frame header: all pdf-lib reads of it, as a copy", async () => {
    const jpeg = await makePhotoJpeg(640, 480, { seed: 3 });
    const header = jpegHeaderOf(jpeg)!;
    expect(header.byteLength).toBeLessThan(1024);
    expect(Buffer.from(header).equals(jpeg.subarray(0, header.byteLength))).toBe(true);
    expect(header.buffer).not.toBe(jpeg.buffer);
    // pdf-lib lays a photo out from its header alone: its size and colours.
    const image = await (await PDFDocument.create()).embedJpg(header);
    expect([image.width, image.height]).toEqual([640, 480]);
  });

  it('finds the frame of a progressive or grey JPEG too, and none in what is not a JPEG', async () => {
    const progressive = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegHeaderOf(progressive)).not.toBeNull();
    const grey = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#777777' } })
      .greyscale()
      .jpeg()
      .toBuffer();
    const greyImage = await (await PDFDocument.create()).embedJpg(jpegHeaderOf(grey)!);
    expect(greyImage.width).toBe(30);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(jpegHeaderOf(png)).toBeNull();
    expect(jpegHeaderOf(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
