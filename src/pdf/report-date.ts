// The report date as the PDF header prints it. Kept apart from the layout so the browser can
// use it without loading pdf-lib.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "22 November 2026" (English, the calendar day where the code runs). */
export function formatReportDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
