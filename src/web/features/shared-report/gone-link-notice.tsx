// What the page says when the link stopped working while it was open, or never existed: the same
// words as the server's 410 and 404 pages (src/shared/shared-report-text.ts).
import { useEffect } from 'react';
import type { GoneLinkState } from '@shared/shared-report-text';
import { TEXT } from './text';

export function GoneLinkNotice({ state }: { state: GoneLinkState }) {
  const { title, body } = TEXT.gone[state];
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section aria-labelledby="gone-title" className="mx-auto mt-16 max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
      <img src="/icon.svg" alt="" width={48} height={48} className="mx-auto size-12" />
      <h1 id="gone-title" className="mt-4 text-xl font-semibold">
        {title}
      </h1>
      <p className="mt-2 text-slate-600">{body}</p>
    </section>
  );
}
