export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The photo format the leading bytes announce, or null. Only these formats go on to the decoder:
 * sharp also reads SVG, PDF, TIFF and more, which a phone photo never is.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brands = [bytes.toString('latin1', 8, 12)];
    // Compatible brands follow the major brand and minor version, up to the end of the ftyp box.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return null;
}
