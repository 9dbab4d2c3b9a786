// Calendar boundaries for the admin analytics (spec §3). All in UTC, so the figures do not
// depend on where the server runs: today starts at 00:00 UTC, the week on Monday 00:00 UTC
// (ISO weeks), the month on the 1st at 00:00 UTC.
import { DAY_MS } from '../../shared/rules.js';

export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function startOfUtcWeek(at: Date): Date {
  const day = startOfUtcDay(at);
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - daysSinceMonday * DAY_MS);
}

export function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDateKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The last `count` UTC days ending with today's, oldest first, as YYYY-MM-DD. */
export function lastUtcDays(at: Date, count: number): string[] {
  const today = startOfUtcDay(at).getTime();
  return Array.from({ length: count }, (_, index) => utcDateKey(new Date(today - (count - 1 - index) * DAY_MS)));
}
