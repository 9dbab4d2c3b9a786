// Real image bytes for tests and benchmarks, made with sharp: photo-like JPEGs, an EXIF-rotated
// JPEG carrying GPS tags, a truncated JPEG and a PNG "pixel bomb".
import sharp from 'sharp';

/**
 * A photo-like JPEG: smooth gradients with grain, so it compresses like a real photo
 * (~150 KB at 1024x768, ~3-4 MB at 12 MP) rather than like a flat colour.
 */
export async function makePhotoJpeg(width: number, height: number, options: { seed?: number; quality?: number } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = (options.seed ?? 1) >>> 0 || 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = (state & 31) - 16;
      const offset = (y * width + x) * 3;
      pixels[offset] = clamp((x * 255) / width + grain);
      pixels[offset + 1] = clamp((y * 255) / height + grain);
      pixels[offset + 2] = clamp(128 + 100 * Math.sin((x + y) / 40) + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

export const EXIF_FIXTURE_ARTIST = 'Fixture Artist 7f3a';

/**
 * A 400x200 JPEG, left half red and right half blue, whose EXIF says "rotate 90° clockwise to
 * view" (orientation 6), with camera details and a GPS position. Shown upright it is 200x400,
 * red on top.
 */
export async function makeRotatedJpegWithGps(): Promise<Buffer> {
  const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Artist: EXIF_FIXTURE_ARTIST, Make: 'FixtureCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** True when the bytes hold an EXIF GPS IFD pointer (tag 0x8825), in either byte order. */
export function hasGpsTag(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88]));
}

/** A valid JPEG cut off part-way through its image data. */
export async function makeTruncatedJpeg(): Promise<Buffer> {
  const whole = await makePhotoJpeg(640, 480, { seed: 9 });
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/**
 * A tiny PNG whose header claims width x height pixels: decoding it for real would need
 * width*height*3 bytes of memory. Made by patching a small PNG's IHDR (and its CRC).
 */
export async function makePixelBombPng(width = 60_000, height = 60_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + IHDR length (4) + "IHDR" (4): width at 16, height at 20, CRC over type+data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export const toDataUrl = (bytes: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${bytes.toString('base64')}`;
