import { describe, expect, it } from 'vitest';
import { approvalSignatureName, csvLine, issuePhotoName, pairPhotoName, reportFolder, unpairedPhotoName } from './export-layout.js';

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

  it("puts a photo's area in its name, lower case, without characters a file system refuses", () => {
    expect(pairPhotoName(3, 9, 'after', 'Kitchen')).toBe('pair-03-kitchen-after.jpg');
    expect(pairPhotoName(1, 9, 'before', 'Baño principal')).toBe('pair-01-baño-principal-before.jpg');
    expect(unpairedPhotoName(8, 12, 'before', 'Living/Dining: "Main"')).toBe('photo-08-living-dining-main-before.jpg');
    expect(unpairedPhotoName(8, 12, 'before', '../..')).toBe('photo-08-before.jpg');
    expect(pairPhotoName(2, 9, 'before', null)).toBe('pair-02-before.jpg');
  });

  it('names the files a client sent with their answers', () => {
    expect(issuePhotoName(2, 3)).toBe('issue-02.jpg');
    expect(approvalSignatureName(1, 1)).toBe('approval-01-signature.png');
  });

  it('quotes every CSV field and keeps spreadsheet formulas from running', () => {
    expect(csvLine([1, 'a "b", c', null, '=HYPERLINK("x")', '-2', '@me', 'line\nbreak'])).toBe(
      '"1","a ""b"", c","","\'=HYPERLINK(""x"")","\'-2","\'@me","line\nbreak"\r\n',
    );
  });
});
