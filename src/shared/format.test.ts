import { describe, expect, it } from 'vitest';
import { formatCaptureTime, formatDate, formatReportDate, formatTime } from './format';

describe('dates in a time zone this runtime does not know', () => {
  // A name from a newer time zone database than this browser's or server's.
  const unknown = 'America/Not_Yet_A_Zone';
  const instant = new Date('2026-11-21T23:30:00Z');

  it('are shown in UTC rather than failing the screen, the export or the PDF', () => {
    expect(() => new Intl.DateTimeFormat('en', { timeZone: unknown })).toThrow(RangeError);
    expect(formatReportDate(instant, 'en', unknown)).toBe(formatReportDate(instant, 'en', 'UTC'));
    expect(formatReportDate(instant, 'es', unknown)).toBe('21 de noviembre de 2026');
    expect(formatDate(instant, 'en', 'long', unknown)).toBe('November 21, 2026');
    expect(formatTime(instant, 'en', unknown)).toBe('23:30');
    expect(formatCaptureTime(instant, 'en', instant, unknown)).toBe('23:30');
  });

  it('a known zone still moves the day', () => {
    expect(formatReportDate(instant, 'en', 'Europe/Madrid')).toBe('22 November 2026');
  });
});
