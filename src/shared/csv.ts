// CSV text as RFC 4180 defines it (CRLF line ends, every field quoted, quotes doubled), with
// spreadsheet formulas neutralised: exported names are typed by strangers, and a cell like
// `=HYPERLINK(...)` must open in Excel or Sheets as text, not run.

/**
 * A byte-order mark at the start of the file. Excel on Windows reads a CSV without it in the
 * local ANSI code page, so "Café" would show as "CafÃ©"; with it, Excel reads UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

/** Characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** Prefixes a single quote to a cell a spreadsheet would run as a formula, so it shows as text. */
export function neutraliseFormula(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

/**
 * One field: neutralised, then always quoted. RFC 4180 needs quotes only around a
 * comma, quote or line break, but Excel set up with ';' as its list separator splits an unquoted
 * 'Smith; Jones' into two cells; a quoted field is one cell whatever the separator.
 */
export function toCsvField(value: string): string {
  return `"${neutraliseFormula(value).replaceAll('"', '""')}"`;
}

/** One record, ended with CRLF. */
export function toCsvRecord(fields: readonly string[]): string {
  return `${fields.map(toCsvField).join(',')}\r\n`;
}

/** A whole document (no BOM; callers writing a file for spreadsheets add UTF8_BOM). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map(toCsvRecord).join('');
}

/**
 * Reads RFC 4180 text back into records (a leading BOM is skipped). Used to check exports
 * round-trip; accepts CRLF or LF record ends. Throws on a quote inside an unquoted field or
 * an unterminated quoted field.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  let atFieldStart = true;
  while (index < input.length) {
    const char = input[index];
    if (atFieldStart && char === '"') {
      // A quoted field runs to the next quote that is not doubled.
      index += 1;
      for (;;) {
        if (index >= input.length) throw new Error('Unterminated quoted field');
        const inner = input[index];
        if (inner === '"') {
          if (input[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        field += inner;
        index += 1;
      }
      atFieldStart = false;
      const next = input[index];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') throw new Error(`Unexpected character after a quoted field at ${index}`);
      continue;
    }
    if (char === ',') {
      record.push(field);
      field = '';
      atFieldStart = true;
      index += 1;
    } else if (char === '\r' || char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      atFieldStart = true;
      index += char === '\r' && input[index + 1] === '\n' ? 2 : 1;
    } else if (char === '"') {
      throw new Error(`Quote inside an unquoted field at ${index}`);
    } else {
      field += char;
      atFieldStart = false;
      index += 1;
    }
  }
  // The last record may lack a line end.
  if (!atFieldStart || field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
