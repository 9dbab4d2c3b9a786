import { describe, expect, it } from 'vitest';
import { lastUtcDays, startOfUtcDay, startOfUtcMonth, startOfUtcWeek } from './utc-periods.js';

describe('UTC periods', () => {
  it('starts the day at 00:00 UTC', () => {
    expect(startOfUtcDay(new Date('2026-03-18T23:59:59.999Z')).toISOString()).toBe('2026-03-18T00:00:00.000Z');
  });

  it.each([
    ['2026-03-16T00:00:00.000Z', '2026-03-16T00:00:00.000Z'], // a Monday is its own week start
    ['2026-03-18T12:00:00.000Z', '2026-03-16T00:00:00.000Z'], // Wednesday
    ['2026-03-22T23:59:59.000Z', '2026-03-16T00:00:00.000Z'], // Sunday belongs to the week before
    ['2026-03-01T08:00:00.000Z', '2026-02-23T00:00:00.000Z'], // across a month end
  ])('starts the week of %s on Monday %s', (at, monday) => {
    expect(startOfUtcWeek(new Date(at)).toISOString()).toBe(monday);
  });

  it('starts the month on the 1st', () => {
    expect(startOfUtcMonth(new Date('2026-12-31T23:00:00.000Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('lists the last days oldest first, ending today', () => {
    expect(lastUtcDays(new Date('2026-03-02T10:00:00Z'), 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastUtcDays(new Date('2026-03-02T10:00:00Z'), 30)).toHaveLength(30);
  });
});
