import { describe, expect, it } from 'vitest';
import { decodeImageDataUrl } from './data-url.js';

describe('decodeImageDataUrl', () => {
  it('returns the bytes of an image data URL, whatever image type it states', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(decodeImageDataUrl(`data:image/jpeg;base64,${bytes.toString('base64')}`).equals(bytes)).toBe(true);
    expect(decodeImageDataUrl(`data:image/png;name=photo.png;base64,${bytes.toString('base64')}`).equals(bytes)).toBe(true);
    expect(decodeImageDataUrl(`data:image/jpeg;base64,${bytes.toString('base64').replace(/=+$/, '')}`).equals(bytes)).toBe(true);
  });

  it.each([
    ['not a data URL', 'hello'],
    ['an http URL', 'https://example.com/a.jpg'],
    ['a text data URL', 'data:text/plain;base64,aGVsbG8='],
    ['a data URL without base64', 'data:image/jpeg,abc'],
    ['an empty payload', 'data:image/jpeg;base64,'],
    ['characters outside base64', 'data:image/jpeg;base64,ab$d'],
    ['whitespace inside', 'data:image/jpeg;base64,aGVs bG8='],
    ['an impossible length', 'data:image/jpeg;base64,aGVsb'],
  ])('refuses %s with a 400 naming data URLs', (_name, input) => {
    expect(() => decodeImageDataUrl(input)).toThrow(expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/data URL/) }));
  });
});
