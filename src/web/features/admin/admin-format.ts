// How the dashboard shows numbers and dates: in the UI's language through the one format module
// (lib/format.ts); days are UTC like the figures.
import { formatDate, formatNumber, formatPercent, formatTime } from '../../lib/format';

export const formatCount = (value: number) => formatNumber(value);
/** A part of a whole as a whole percent ("25%", "25 %"); 0% of nothing. */
export const formatShare = (part: number, whole: number) => formatPercent(whole === 0 ? 0 : part / whole);
/** An ISO instant as its UTC calendar day, e.g. "Mar 18, 2026", "18 mar 2026". */
export const formatDay = (iso: string) => formatDate(iso, 'medium', 'UTC');
/** An ISO instant's UTC wall-clock time, e.g. "09:14". */
export const formatUtcTime = (iso: string) => formatTime(iso, 'UTC');
/** A YYYY-MM-DD day key, e.g. "Mar 18", "18 mar". */
export const formatShortDay = (dayKey: string) => formatDate(`${dayKey}T00:00:00Z`, 'short-day', 'UTC');
