import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readExifCaptureTime, wallTimeToInstant } from './exif-date.js';

async function exifOf(tags: Record<string, string>): Promise<Buffer | undefined> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } })
    .withExif({ IFD0: { Make: 'FixtureCam' }, IFD2: tags })
    .jpeg()
    .toBuffer();
  return (await sharp(jpeg).metadata()).exif;
}

describe('readExifCaptureTime', () => {
  it('reads DateTimeOriginal with its OffsetTimeOriginal as an exact instant', async () => {
    const exif = await exifOf({ DateTimeOriginal: '2026:11:21 09:14:05', OffsetTimeOriginal: '+01:00' });
    expect(readExifCaptureTime(exif, 'America/New_York')?.toISOString()).toBe('2026-11-21T08:14:05.000Z');
  });

  it('reads a zone-less DateTimeOriginal in the owner’s time zone (daylight saving included)', async () => {
    const winter = await exifOf({ DateTimeOriginal: '2026:01:15 09:00:00' });
    const summer = await exifOf({ DateTimeOriginal: '2026:07:15 09:00:00' });
    expect(readExifCaptureTime(winter, 'Europe/Madrid')?.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(readExifCaptureTime(summer, 'Europe/Madrid')?.toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(readExifCaptureTime(summer, 'UTC')?.toISOString()).toBe('2026-07-15T09:00:00.000Z');
  });

  it('gives null without a DateTimeOriginal, for a malformed one, and for damaged EXIF', async () => {
    expect(readExifCaptureTime(undefined, 'UTC')).toBeNull();
    expect(readExifCaptureTime(await exifOf({ UserComment: 'no date here' }), 'UTC')).toBeNull();
    expect(readExifCaptureTime(await exifOf({ DateTimeOriginal: '    :  :     :  :  ' }), 'UTC')).toBeNull();
    expect(readExifCaptureTime(await exifOf({ DateTimeOriginal: '2026:13:01 00:00:00' }), 'UTC')).toBeNull();
    // A day the month does not have, rather than 3 March.
    expect(readExifCaptureTime(await exifOf({ DateTimeOriginal: '2026:02:31 10:00:00' }), 'UTC')).toBeNull();
    expect(readExifCaptureTime(await exifOf({ DateTimeOriginal: '2028:02:29 10:00:00' }), 'UTC')?.toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(readExifCaptureTime(Buffer.from('Exif\0\0MM\0\x2a\0\0\xff\xff', 'latin1'), 'UTC')).toBeNull();
    expect(readExifCaptureTime(Buffer.from('garbage'), 'UTC')).toBeNull();
  });
});

describe('wallTimeToInstant', () => {
  it('finds the instant clocks in the zone show that time', () => {
    expect(wallTimeToInstant(Date.UTC(2026, 10, 21, 9, 14), 'Asia/Kolkata').toISOString()).toBe('2026-11-21T03:44:00.000Z');
    expect(wallTimeToInstant(Date.UTC(2026, 10, 21, 9, 14), 'America/Los_Angeles').toISOString()).toBe('2026-11-21T17:14:00.000Z');
  });
});
