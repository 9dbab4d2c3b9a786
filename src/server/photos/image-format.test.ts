import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImageFormat } from './image-format.js';

const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(32)]);
};

describe('sniffImageFormat', () => {
  it('recognises real JPEG, PNG, WebP and AVIF bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
    expect(sniffImageFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('tells HEIC from AVIF by the ftyp brands', () => {
    expect(sniffImageFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageFormat(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImageFormat(ftyp('mif1', 'heic'))).toBe('heic');
    expect(sniffImageFormat(ftyp('isom', 'mp41'))).toBeNull();
  });

  it('refuses what a photo never is', async () => {
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(
      sniffImageFormat(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(
      sniffImageFormat(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});
