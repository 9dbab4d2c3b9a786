// The line under each pair of the PDF that says when both photos were taken (issue 13), in the
// business's time zone. Kept apart from the layout (no pdf-lib) and in one function, so the wording
// can be localized in one place later; English for now like the rest of the layout.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface ZonedTime {
  day: string;
  time: string;
}

/** "21 Nov 2026" and "09:14" of an instant as clocks in `timeZone` show it (UTC for an unknown zone). */
function zoned(instant: Date, timeZone: string): ZonedTime {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  } catch {
    return zoned(instant, 'UTC');
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    day: `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1] ?? ''} ${parts.year}`,
    time: `${String(Number(parts.hour)).padStart(2, '0')}:${String(Number(parts.minute)).padStart(2, '0')}`,
  };
}

/**
 * "Before 09:14 · After 11:02 · 21 Nov 2026"; taken on different days (in that zone),
 * "Before 20 Nov 2026 17:40 · After 21 Nov 2026 09:02". Null when either time is unknown.
 */
export function formatCaptureLine(before: string | null | undefined, after: string | null | undefined, timeZone: string): string | null {
  if (!before || !after) return null;
  const [b, a] = [new Date(before), new Date(after)];
  if (Number.isNaN(b.getTime()) || Number.isNaN(a.getTime())) return null;
  const [zb, za] = [zoned(b, timeZone), zoned(a, timeZone)];
  if (zb.day === za.day) return `Before ${zb.time} · After ${za.time} · ${zb.day}`;
  return `Before ${zb.day} ${zb.time} · After ${za.day} ${za.time}`;
}
