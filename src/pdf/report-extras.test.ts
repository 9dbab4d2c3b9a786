import { describe, expect, it } from 'vitest';
// The PDF's approval line and area headings, shared by the server's PDF and the browser's.
import { approvalLineOf, pdfAreaOf, resolvedIssuesOf } from './report-extras';

describe('approvalLineOf', () => {
  const approval = { name: 'Jane Smith', approvedAt: '2026-11-24T18:10:00Z', reportVersion: '3f9a1c7e0b' };

  it("prints who approved, when in the owner's zone, and the start of the version", () => {
    expect(approvalLineOf(approval, 'en', 'UTC')).toBe('Approved by Jane Smith · 24 November 2026 18:10 · version 3f9a1c…');
    expect(approvalLineOf(approval, 'en', 'America/New_York')).toBe('Approved by Jane Smith · 24 November 2026 13:10 · version 3f9a1c…');
  });

  it("is in the owner's language", () => {
    expect(approvalLineOf(approval, 'es', 'Europe/Madrid')).toBe('Aprobado por Jane Smith · 24 de noviembre de 2026 19:10 · versión 3f9a1c…');
  });
});

describe('pdfAreaOf', () => {
  it('asks for the larger of the two minimums and keeps a skip', () => {
    const skipped = { reason: 'occupied' as const, note: 'Guest asleep' };
    expect(pdfAreaOf({ id: 7, key: 'kitchen', name: 'Kitchen', minBefore: 1, minAfter: 2, skipped })).toEqual({ id: 7, name: 'Kitchen', required: 2, skipped });
  });
});

describe('resolvedIssuesOf', () => {
  it('keeps the resolved issues, numbered by their pair, with the day in the owner’s language and zone', () => {
    const issues = [
      { pairId: 12, note: 'Streaks', resolvedAt: '2026-11-24T23:30:00Z', resolutionNote: 'Re-cleaned' },
      { pairId: 11, note: 'Dust', resolvedAt: null, resolutionNote: null },
      { pairId: 99, note: 'Gone pair', resolvedAt: new Date('2026-11-20T10:00:00Z'), resolutionNote: null },
    ];
    expect(resolvedIssuesOf(issues, [11, 12], 'es', 'Europe/Madrid')).toEqual([
      { pairNumber: 2, note: 'Streaks', resolvedOn: '25 de noviembre de 2026', resolutionNote: 'Re-cleaned' },
      { pairNumber: null, note: 'Gone pair', resolvedOn: '20 de noviembre de 2026', resolutionNote: null },
    ]);
  });
});
