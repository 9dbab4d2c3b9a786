import { describe, expect, it } from 'vitest';
import { formatCaptureLine } from './capture-line';

describe('formatCaptureLine', () => {
  it('prints both times and the day, in the given time zone', () => {
    expect(formatCaptureLine('2026-11-21T09:14:00Z', '2026-11-21T11:02:59Z', 'UTC')).toBe('Before 09:14 · After 11:02 · 21 Nov 2026');
    expect(formatCaptureLine('2026-11-21T08:14:00Z', '2026-11-21T10:02:00Z', 'Europe/Madrid')).toBe('Before 09:14 · After 11:02 · 21 Nov 2026');
    expect(formatCaptureLine('2026-07-01T00:05:00Z', '2026-07-01T02:00:00Z', 'America/New_York')).toBe('Before 20:05 · After 22:00 · 30 Jun 2026');
  });

  it('gives each its own day when they were taken on different days there', () => {
    expect(formatCaptureLine('2026-11-20T17:40:00Z', '2026-11-21T09:02:00Z', 'UTC')).toBe('Before 20 Nov 2026 17:40 · After 21 Nov 2026 09:02');
    // One UTC day, two days in Tokyo.
    expect(formatCaptureLine('2026-11-21T14:00:00Z', '2026-11-21T16:00:00Z', 'Asia/Tokyo')).toBe('Before 21 Nov 2026 23:00 · After 22 Nov 2026 01:00');
    expect(formatCaptureLine('2025-12-31T23:50:00Z', '2026-01-01T00:10:00Z', 'UTC')).toBe('Before 31 Dec 2025 23:50 · After 1 Jan 2026 00:10');
  });

  it('is left out when either time is unknown', () => {
    expect(formatCaptureLine(null, '2026-11-21T09:14:00Z', 'UTC')).toBeNull();
    expect(formatCaptureLine('2026-11-21T09:14:00Z', undefined, 'UTC')).toBeNull();
    expect(formatCaptureLine('not a date', '2026-11-21T09:14:00Z', 'UTC')).toBeNull();
  });

  it('falls back to UTC for a zone this runtime does not know', () => {
    expect(formatCaptureLine('2026-11-21T09:14:00Z', '2026-11-21T11:02:00Z', 'Mars/Olympus_Mons')).toBe('Before 09:14 · After 11:02 · 21 Nov 2026');
  });

  it("is written in the owner's language", () => {
    expect(formatCaptureLine('2026-11-21T08:14:00Z', '2026-11-21T10:02:00Z', 'Europe/Madrid', 'es')).toBe('Antes 09:14 · Después 11:02 · 21 nov 2026');
    expect(formatCaptureLine('2026-11-20T16:40:00Z', '2026-11-21T08:02:00Z', 'Europe/Madrid', 'es')).toBe(
      'Antes 20 nov 2026 17:40 · Después 21 nov 2026 09:02',
    );
  });

  it('names who took each photo after its time, in both languages', () => {
    const takers = { before: 'Ana', after: 'Luis' };
    expect(formatCaptureLine('2026-11-21T09:14:00Z', '2026-11-21T11:02:00Z', 'UTC', 'en', takers)).toBe(
      'Before 09:14 · Ana · After 11:02 · Luis · 21 Nov 2026',
    );
    expect(formatCaptureLine('2026-11-21T09:14:00Z', '2026-11-21T11:02:00Z', 'UTC', 'es', takers)).toMatch(
      /^Antes 09:14 · Ana · Después 11:02 · Luis · 21 nov/,
    );
    expect(formatCaptureLine('2026-11-20T17:40:00Z', '2026-11-21T09:02:00Z', 'UTC', 'en', takers)).toBe(
      'Before 20 Nov 2026 17:40 · Ana · After 21 Nov 2026 09:02 · Luis',
    );
  });
});
