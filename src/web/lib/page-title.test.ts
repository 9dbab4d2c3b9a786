import { describe, expect, it } from 'vitest';
import es from './i18n/catalogues/es.json';
import { i18n } from './i18n/i18n';
import { PAGE_TITLES, pageTitle, type PageScreen } from './page-title';

describe('page titles (WCAG 2.4.2)', () => {
  it('names the screen, then the product', () => {
    expect(pageTitle('reports')).toBe('Reports — CleanProof');
    expect(pageTitle('accessibility')).toBe('Accessibility statement — CleanProof');
  });

  it('puts what the screen shows first, and leaves out a blank one', () => {
    expect(pageTitle('report', 'Smith Residence')).toBe('Smith Residence — Report — CleanProof');
    expect(pageTitle('report', '   ')).toBe('Report — CleanProof');
  });

  it('gives every screen its own title', () => {
    const titles = (Object.keys(PAGE_TITLES) as PageScreen[]).map((screen) => pageTitle(screen));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names the screen in the UI language', () => {
    i18n.load('es', es);
    i18n.activate('es');
    try {
      expect(pageTitle('reports')).toBe('Informes — CleanProof');
      const titles = (Object.keys(PAGE_TITLES) as PageScreen[]).map((screen) => pageTitle(screen));
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      i18n.activate('en');
    }
  });
});
