import { describe, expect, it } from 'vitest';
import { bulkImportOrder, proposeBulkImport, swapType } from './bulk-plan';

const file = (name: string, lastModified = 0) => ({ name, lastModified });
const at = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00.000Z`;

describe('bulk import', () => {
  it('sorts by the capture time and proposes the earlier half as befores', () => {
    const items = proposeBulkImport([
      { file: file('c.jpg'), capturedAt: at(40) },
      { file: file('a.jpg'), capturedAt: at(1) },
      { file: file('d.jpg'), capturedAt: at(45) },
      { file: file('b.jpg'), capturedAt: at(2) },
      { file: file('e.jpg'), capturedAt: at(50) },
    ]);
    expect(items.map((item) => [item.file.name, item.type])).toEqual([
      ['a.jpg', 'before'],
      ['b.jpg', 'before'],
      ['c.jpg', 'before'],
      ['d.jpg', 'after'],
      ['e.jpg', 'after'],
    ]);
  });

  it("falls back to the file's own date when it has no EXIF time", () => {
    const items = proposeBulkImport([
      { file: file('late.jpg', Date.parse(at(30))), capturedAt: undefined },
      { file: file('early.jpg'), capturedAt: at(5) },
    ]);
    expect(items.map((item) => item.file.name)).toEqual(['early.jpg', 'late.jpg']);
  });

  it('pairs the i-th before with the i-th after in time order, befores kept first', () => {
    const items = proposeBulkImport(['k', 'b', 'l', 'k2', 'b2', 'l2'].map((name, minute) => ({ file: file(`${name}.jpg`), capturedAt: at(minute) })));
    expect(bulkImportOrder(items)).toEqual([
      { index: 0 },
      { index: 1 },
      { index: 2 },
      { index: 3, pairWithIndex: 0 },
      { index: 4, pairWithIndex: 1 },
      { index: 5, pairWithIndex: 2 },
    ]);
    // One swap: the third photo becomes an after; the afters pair with the first befores in order.
    const swapped = swapType(items, 2);
    expect(swapped[2]!.type).toBe('after');
    expect(bulkImportOrder(swapped)).toEqual([
      { index: 0 },
      { index: 1 },
      { index: 2, pairWithIndex: 0 },
      { index: 3, pairWithIndex: 1 },
      { index: 4 },
      { index: 5 },
    ]);
  });
});
