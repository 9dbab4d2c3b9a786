import { describe, expect, it } from 'vitest';
import { csvLine, pairPhotoName, reportFolder, unpairedPhotoName } from './export-layout.js';

describe('account export layout', () => {
  it('names a report folder by date, client and id, without characters a file system refuses', () => {
    const createdAt = new Date('2026-03-04T23:30:00Z');
    expect(reportFolder({ id: 12, clientName: 'Zoë Ångström', createdAt })).toBe('reports/2026-03-04 Zoë Ångström (12)/');
    expect(reportFolder({ id: 13, clientName: 'Flat 3/B: "Smith"\u0007 ', createdAt })).toBe('reports/2026-03-04 Flat 3 B Smith (13)/');
    expect(reportFolder({ id: 14, clientName: '../..', createdAt })).toBe('reports/2026-03-04 (14)/');
    expect(reportFolder({ id: 15, clientName: '', createdAt })).toBe('reports/2026-03-04 (15)/');
    expect(reportFolder({ id: 16, clientName: 'x'.repeat(200), createdAt })).toBe(`reports/2026-03-04 ${'x'.repeat(80)} (16)/`);
  });

  it('numbers photos with as many digits as the largest number needs, so they sort in order', () => {
    expect(pairPhotoName(1, 9, 'before')).toBe('pair-01-before.jpg');
    expect(pairPhotoName(7, 120, 'after')).toBe('pair-007-after.jpg');
    expect(unpairedPhotoName(7, 12, 'after')).toBe('photo-07-after.jpg');
  });

  it('quotes every CSV field and keeps spreadsheet formulas from running', () => {
    expect(csvLine([1, 'a "b", c', null, '=HYPERLINK("x")', '-2', '@me', 'line\nbreak'])).toBe(
      '"1","a ""b"", c","","\'=HYPERLINK(""x"")","\'-2","\'@me","line\nbreak"\r\n',
    );
  });
});
