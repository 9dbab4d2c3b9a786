// When a photo was taken, as the editor shows it on each thumbnail (issue 13), in the device's
// locale and zone. Kept here, in one place, for the i18n helper that will centralise formatting.

/** '09:14' for today, 'Nov 21, 09:14' for another day of this year, 'Nov 21, 2025, 09:14' before. */
export function formatCaptureTime(iso: string, now: Date = new Date(), locale?: string): string {
  const taken = new Date(iso);
  if (Number.isNaN(taken.getTime())) return '';
  const sameDay = taken.toDateString() === now.toDateString();
  const sameYear = taken.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    ...(sameDay || sameYear ? {} : { year: 'numeric' }),
  }).format(taken);
}

/** The full date and time, for a tooltip or a screen reader. */
export function describeCaptureTime(iso: string, locale?: string): string {
  const taken = new Date(iso);
  if (Number.isNaN(taken.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(taken);
}
