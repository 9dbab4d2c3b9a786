import { describe, expect, it } from 'vitest';
import { parseIsoInstant, plausibleCaptureTime } from './capture-time';

describe('parseIsoInstant', () => {
  it('reads date-times with a zone, to the minute or finer', () => {
    expect(parseIsoInstant('2026-11-21T09:14:00Z')?.toISOString()).toBe('2026-11-21T09:14:00.000Z');
    expect(parseIsoInstant('2026-11-21T10:14+01:00')?.toISOString()).toBe('2026-11-21T09:14:00.000Z');
    expect(parseIsoInstant('2026-11-21T09:14:05.123456Z')?.toISOString()).toBe('2026-11-21T09:14:05.123Z');
    expect(parseIsoInstant('2028-02-29T00:00:00-05:30')?.toISOString()).toBe('2028-02-29T05:30:00.000Z');
  });

  it("reads an offset whose '+' a query string turned into a space", () => {
    expect(parseIsoInstant('2026-11-21T10:14:00 01:00')?.toISOString()).toBe('2026-11-21T09:14:00.000Z');
    expect(new URLSearchParams('capturedAt=2026-11-21T10:14:00+01:00').get('capturedAt')).toBe('2026-11-21T10:14:00 01:00');
  });

  it.each([
    '',
    'yesterday',
    '2026-11-21',
    '2026-11-21T09:14:00',
    '2026-02-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T09:60:00Z',
    '2026-11-21 09:14:00Z',
    ' 2026-11-21T09:14:00Z',
    '1700000000000',
    '2026-11-21T09:14:00+0100',
  ])('refuses %j', (text) => expect(parseIsoInstant(text)).toBeNull());
});

describe('plausibleCaptureTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  it('keeps times from 30 days before to 1 day after now', () => {
    for (const offset of [0, -30 * day, day, -5 * day])
      expect(plausibleCaptureTime(new Date(now.getTime() + offset), now)?.getTime()).toBe(now.getTime() + offset);
  });
  it('drops older or later times, and unknown ones', () => {
    expect(plausibleCaptureTime(new Date(now.getTime() - 31 * day), now)).toBeNull();
    expect(plausibleCaptureTime(new Date(now.getTime() + 2 * day), now)).toBeNull();
    expect(plausibleCaptureTime(null, now)).toBeNull();
  });
});
