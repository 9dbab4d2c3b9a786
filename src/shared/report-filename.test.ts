import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultReportFilename, sanitizeFilename, toPdfFilename } from './report-filename';

describe('sanitizeFilename', () => {
  it('keeps only letters, digits, underscore and hyphen', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (input) => {
        expect(sanitizeFilename(input)).toMatch(/^[A-Za-z0-9_-]*$/);
      }),
    );
  });

  it('folds accents and turns other characters into single underscores', () => {
    expect(sanitizeFilename('José Müller & Co. / Zürich')).toBe('Jose_Muller_Co_Zurich');
    expect(sanitizeFilename('  ../../etc/passwd  ')).toBe('etc_passwd');
    expect(sanitizeFilename('already_fine-123')).toBe('already_fine-123');
  });

  it('is empty when nothing usable is left', () => {
    expect(sanitizeFilename('日本語 !!!')).toBe('');
  });

  it('caps the length', () => {
    expect(sanitizeFilename('a'.repeat(500))).toHaveLength(100);
  });
});

describe('defaultReportFilename', () => {
  it('is client name plus Report plus the date', () => {
    expect(defaultReportFilename('Jane Smith', new Date(2026, 10, 2), 'en')).toBe('Jane_Smith_Report_2026-11-02');
  });

  it('starts with Report when there is no client name', () => {
    expect(defaultReportFilename('', new Date(2026, 0, 15), 'en')).toBe('Report_2026-01-15');
  });

  it('says Informe for a Spanish reader, the client name folded the same way', () => {
    expect(defaultReportFilename('Jane Smith', new Date(2026, 10, 22), 'es')).toBe('Jane_Smith_Informe_2026-11-22');
    expect(defaultReportFilename('José Núñez', new Date(2026, 10, 2), 'es')).toBe('Jose_Nunez_Informe_2026-11-02');
    expect(defaultReportFilename('', new Date(2026, 0, 15), 'es')).toBe('Informe_2026-01-15');
  });

  it("takes the day in the owner's time zone: 17:00 in Los Angeles is already tomorrow in UTC", () => {
    const evening = new Date('2026-11-22T01:00:00Z'); // 21 Nov, 17:00 in Los Angeles
    expect(defaultReportFilename('Jane Smith', evening, 'en', 'America/Los_Angeles')).toBe('Jane_Smith_Report_2026-11-21');
    expect(defaultReportFilename('Jane Smith', evening, 'en', 'Europe/Madrid')).toBe('Jane_Smith_Report_2026-11-22');
  });
});

describe('toPdfFilename', () => {
  it('sanitises the answer and adds .pdf once', () => {
    expect(toPdfFilename('My report.pdf', 'x')).toBe('My_report.pdf');
    expect(toPdfFilename('Kitchen <deep clean>', 'x')).toBe('Kitchen_deep_clean.pdf');
  });

  it('falls back to the default when the answer has nothing usable', () => {
    expect(toPdfFilename('***', 'Jane_Smith_Report_2026-11-02')).toBe('Jane_Smith_Report_2026-11-02.pdf');
    expect(toPdfFilename('', '')).toBe('Report.pdf');
  });
});
