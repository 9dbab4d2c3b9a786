// How the dashboard shows numbers and dates: in the viewer's locale; days are UTC like the figures.
const numberFormat = new Intl.NumberFormat();
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatCount = (value: number) => numberFormat.format(value);
/** An ISO instant as its UTC calendar day, e.g. "Mar 18, 2026". */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));
/** A YYYY-MM-DD day key, e.g. "Mar 18". */
export const formatShortDay = (dayKey: string) => shortDayFormat.format(new Date(`${dayKey}T00:00:00Z`));
