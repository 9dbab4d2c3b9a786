import { describe, expect, it } from 'vitest';
import { PAGE_TITLES, pageTitle } from './page-title';

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
    const titles = Object.values(PAGE_TITLES);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
