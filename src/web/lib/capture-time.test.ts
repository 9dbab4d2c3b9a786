import { describe, expect, it } from 'vitest';
import { describeCaptureTime, formatCaptureTime } from './capture-time';

describe('formatCaptureTime', () => {
  const now = new Date(2026, 10, 21, 15, 0); // 21 Nov 2026, 15:00 local

  it('shows only the time for a photo taken today', () => {
    expect(formatCaptureTime(new Date(2026, 10, 21, 9, 14).toISOString(), now, 'en-GB')).toBe('09:14');
  });

  it('adds the day for another day of this year, and the year before that', () => {
    expect(formatCaptureTime(new Date(2026, 10, 20, 11, 2).toISOString(), now, 'en-GB')).toBe('20 Nov, 11:02');
    expect(formatCaptureTime(new Date(2025, 0, 3, 8, 5).toISOString(), now, 'en-GB')).toBe('3 Jan 2025, 08:05');
  });

  it('follows the locale', () => {
    expect(formatCaptureTime(new Date(2026, 10, 21, 21, 14).toISOString(), now, 'en-US')).toBe('09:14 PM');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatCaptureTime('not a date', now)).toBe('');
    expect(describeCaptureTime('not a date')).toBe('');
  });
});
