// Pure helpers for the report layout: fitting boxes and cutting text to a width.

export interface Size {
  width: number;
  height: number;
}

/** The largest size with the source's aspect ratio that fits in `max` (never larger than `max`). */
export function fitWithin(source: Size, max: Size): Size {
  if (source.width <= 0 || source.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(max.width / source.width, max.height / source.height);
  return { width: source.width * scale, height: source.height * scale };
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_SPACE_RUN = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** User text on one line: line breaks, tabs and control characters become single spaces. */
export function toSingleLine(value: string): string {
  return value.replace(CONTROL_OR_SPACE_RUN, ' ').trim();
}

export const ELLIPSIS = '…';

/**
 * The text unchanged when it fits in `maxWidth`, else its longest prefix (whole code points,
 * trailing space dropped) followed by an ellipsis that fits.
 */
export function truncateToWidth(value: string, measure: (text: string) => number, maxWidth: number): string {
  if (measure(value) <= maxWidth) return value;
  const chars = Array.from(value);
  let low = 0;
  let high = chars.length - 1;
  // Binary search for the longest prefix that fits together with the ellipsis.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(chars.slice(0, middle).join('').trimEnd() + ELLIPSIS) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return chars.slice(0, low).join('').trimEnd() + ELLIPSIS;
}
