// A grid of cards in which only the rows near the screen are in the DOM: at 3,000 reports the page
// holds a few dozen cards, not 3,000. The page itself scrolls (no inner scroll box, so the
// browser's own scrolling, find and restore keep working); rows above and below are padding.
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows kept in the DOM beyond each edge of the screen. */
const OVERSCAN_ROWS = 4;
const SM = '(min-width: 640px)';
const LG = '(min-width: 1024px)';

interface VirtualGridProps<T> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** The grid's classes; its columns must follow `columns`. */
  className: string;
  /** Columns from 0, 640 and 1024 px wide. */
  columns: readonly [number, number, number];
  /** A first guess of one row's height with its gap, until one is measured. */
  estimatedRowHeight?: number;
  /** Called when the rows near the screen reach the end (to load the next page). */
  onNearEnd?: () => void;
}

function useColumns([narrow, sm, lg]: readonly [number, number, number]): number {
  const read = () => (typeof window === 'undefined' ? narrow : window.matchMedia(LG).matches ? lg : window.matchMedia(SM).matches ? sm : narrow);
  const [columns, setColumns] = useState(read);
  useEffect(() => {
    const queries = [window.matchMedia(SM), window.matchMedia(LG)];
    const update = () => setColumns(read());
    for (const query of queries) query.addEventListener('change', update);
    return () => queries.forEach((query) => query.removeEventListener('change', update));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the column counts are constants of the caller
  }, []);
  return columns;
}

export function VirtualGrid<T>({ items, renderItem, className, columns: columnCounts, estimatedRowHeight = 132, onNearEnd }: VirtualGridProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const columns = useColumns(columnCounts);
  const rows = Math.ceil(items.length / columns);
  const [rowHeight, setRowHeight] = useState(estimatedRowHeight);
  const [range, setRange] = useState({ start: 0, end: Math.min(rows, 8) });

  useEffect(() => {
    const update = () => {
      const element = list.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top;
      const start = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN_ROWS);
      const end = Math.min(rows, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN_ROWS);
      setRange((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [rows, rowHeight]);

  // The rendered rows' real height (cards wrap differently in each language and width), read by a
  // ResizeObserver after the browser's own layout: reading it on every scroll step forced a second
  // layout per frame, and a 3,000-report list dropped frames while scrolling.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const gap = parseFloat(getComputedStyle(element).rowGap) || 0;
    const observer = new ResizeObserver(([entry]) => {
      const shown = Math.ceil(element.children.length / columns);
      if (!entry || shown <= 0) return;
      const measured = (entry.contentRect.height + gap) / shown;
      setRowHeight((old) => (measured > 0 && Math.abs(measured - old) > 1 ? measured : old));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [columns]);

  useEffect(() => {
    if (onNearEnd && range.end >= rows - 2) onNearEnd();
  }, [range.end, rows, onNearEnd]);

  const shown = items.slice(range.start * columns, range.end * columns);
  return (
    <ul ref={list} className={className} style={{ paddingTop: range.start * rowHeight, paddingBottom: Math.max(0, rows - range.end) * rowHeight }}>
      {shown.map(renderItem)}
    </ul>
  );
}
