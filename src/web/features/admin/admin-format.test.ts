import { afterEach, describe, expect, it } from 'vitest';
import esScreens from '../../lib/i18n/catalogues/es.screens.json';
import { i18n } from '../../lib/i18n/i18n';
import { formatCount, formatDay, formatShare, formatShortDay, formatUtcTime } from './admin-format';

describe("the dashboard's numbers and days (UTC), in the UI's language", () => {
  afterEach(() => i18n.activate('en'));

  it('reads an instant as its UTC day and time, whatever the device zone', () => {
    expect(formatDay('2026-03-18T23:30:00Z')).toBe('Mar 18, 2026');
    expect(formatUtcTime('2026-03-18T23:30:00Z')).toBe('23:30');
    expect(formatShortDay('2026-03-18')).toBe('Mar 18');
  });

  it('gives whole percents and 0% of nobody', () => {
    expect(formatShare(1, 4)).toBe('25%');
    expect(formatShare(1, 3)).toBe('33%');
    expect(formatShare(0, 0)).toBe('0%');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('writes them as Spanish does in a Spanish UI', () => {
    i18n.load('es', esScreens);
    i18n.activate('es');
    expect(formatDay('2026-03-18T23:30:00Z')).toBe('18 mar 2026');
    expect(formatShortDay('2026-03-18')).toBe('18 mar');
    expect(formatShare(1, 4)).toBe('25\u00a0%'); // a no-break space: the sign never wraps alone
    expect(formatCount(12345)).toBe('12.345');
  });
});
