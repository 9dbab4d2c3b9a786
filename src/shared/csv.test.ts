import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutraliseFormula, parseCsv, toCsv, toCsvField, toCsvRecord, UTF8_BOM } from './csv';

describe('toCsvField', () => {
  it('quotes every field, plain text too', () => {
    expect(toCsvField('Sparkle Cleaning')).toBe('"Sparkle Cleaning"');
    expect(toCsvField('Café Nettoyage Zoë')).toBe('"Café Nettoyage Zoë"');
    expect(toCsvField('')).toBe('""');
  });

  it("quotes a field with ';' so Excel set up with ';' as its separator keeps it in one cell", () => {
    expect(toCsvField('Smith; Jones Cleaning')).toBe('"Smith; Jones Cleaning"');
    expect(toCsvRecord(['a;b', 'c'])).toBe('"a;b","c"\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(toCsvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(toCsvField('The "Best" Cleaners')).toBe('"The ""Best"" Cleaners"');
    expect(toCsvField('line one\nline two')).toBe('"line one\nline two"');
    expect(toCsvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'])(
    'neutralises %j with a leading single quote',
    (value) => {
      const field = toCsvField(value);
      const [[parsed]] = parseCsv(`${field}\r\n`) as [[string]];
      expect(parsed).toBe(`'${value}`);
    },
  );

  it('does not touch formula characters that are not at the start', () => {
    expect(neutraliseFormula('A=B')).toBe('A=B');
    expect(neutraliseFormula('Clean-Co')).toBe('Clean-Co');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('toCsv and parseCsv', () => {
  it('writes CRLF record ends', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('"a","b"\r\n"c","d"\r\n');
    expect(toCsvRecord(['', ''])).toBe('"",""\r\n');
  });

  it('reads back a document with a BOM, quoted line breaks and empty fields', () => {
    const text = `${UTF8_BOM}Email,Name\r\n"a@b.co","x, ""y""\r\nz"\r\n,\r\nlast,row`;
    expect(parseCsv(text)).toEqual([
      ['Email', 'Name'],
      ['a@b.co', 'x, "y"\r\nz'],
      ['', ''],
      ['last', 'row'],
    ]);
  });

  it('refuses malformed quoting', () => {
    expect(() => parseCsv('"open')).toThrow(/Unterminated/);
    expect(() => parseCsv('a"b')).toThrow(/Quote inside/);
    expect(() => parseCsv('"a"b')).toThrow(/after a quoted field/);
  });

  it('round-trips any text, changed only by the neutralising quote', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', "'", '😀') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (records) => {
        const parsed = parseCsv(toCsv(records));
        expect(parsed).toEqual(records.map((record) => record.map(neutraliseFormula)));
      }),
      { numRuns: 300 },
    );
  });
});
