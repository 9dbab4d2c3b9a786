// The CRC-32 of two byte runs one after the other, from each run's own CRC-32 and the second's
// length (zlib's crc32_combine, which Node does not expose). The account export uses it to know a
// PDF's checksum before writing it: the PDF holds photos whose checksums are already known, so they
// need not be read (or kept) a second time just to be summed.

/** The CRC-32 polynomial, reflected (as zlib and ZIP use it). */
const POLYNOMIAL = 0xedb88320;

/** a(x) * b(x) modulo the polynomial, in the reflected bit order. */
function multiplyModP(a: number, b: number): number {
  if (a === 0) return 0;
  let product = 0;
  let bit = 0x80000000;
  for (;;) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    bit >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial (x^1 is 0x40000000 reflected). */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 64; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8 * length) modulo the polynomial: appending `length` zero bytes. */
function zeroBytesOperator(length: number): number {
  let operator = 0x80000000; // x^0
  let k = 3; // 8 bits a byte: x^(2^3)
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) operator = multiplyModP(X2N[k % 64]!, operator);
  return operator;
}

/** CRC-32 of A followed by B, given crc32(A), crc32(B) and B's length in bytes (any safe integer). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (!Number.isSafeInteger(lengthB) || lengthB < 0) throw new Error(`Not a byte length: ${lengthB}`);
  return (multiplyModP(zeroBytesOperator(lengthB), crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}
