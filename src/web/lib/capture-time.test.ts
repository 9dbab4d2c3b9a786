// The capture time on each thumbnail, formatted by the one formatting module.
import { describe, expect, it } from 'vitest';
import { formatCaptureTime, formatDateTime } from '@shared/format';

describe('formatCaptureTime', () => {
  const now = new Date('2026-11-21T15:00:00Z');

  it('shows only the time for a photo taken today', () => {
    expect(formatCaptureTime('2026-11-21T09:14:00Z', 'en', now, 'UTC')).toBe('09:14');
    expect(formatCaptureTime('2026-11-21T21:14:00Z', 'es', now, 'UTC')).toBe('21:14');
  });

  it('adds the day for another day of this year, and the year before that', () => {
    expect(formatCaptureTime('2026-11-20T11:02:00Z', 'en', now, 'UTC')).toBe('Nov 20, 11:02');
    expect(formatCaptureTime('2025-01-03T08:05:00Z', 'en', now, 'UTC')).toBe('Jan 3, 2025, 08:05');
  });

  it('follows the language', () => {
    expect(formatCaptureTime('2026-11-20T11:02:00Z', 'es', now, 'UTC')).toBe('20 nov, 11:02');
    expect(formatCaptureTime('2025-01-03T08:05:00Z', 'es', now, 'UTC')).toBe('3 ene 2025, 08:05');
  });

  it('reads "today" in the zone given', () => {
    // 23:30 on the 20th in UTC is already the 21st in Madrid.
    expect(formatCaptureTime('2026-11-20T23:30:00Z', 'en', now, 'Europe/Madrid')).toBe('00:30');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatCaptureTime('not a date', 'en', now)).toBe('');
  });

  it('gives the full date and time for a screen reader', () => {
    expect(formatDateTime('2026-11-20T11:02:00Z', 'en', 'UTC')).toBe('Nov 20, 2026, 11:02');
  });
});
