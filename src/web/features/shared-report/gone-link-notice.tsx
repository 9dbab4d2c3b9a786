// What the page says when the link stopped working while it was open, or never existed: the same
// words as the server's 410 and 404 pages (src/shared/shared-report-text.ts).
import { useEffect } from 'react';
import { Link2Off } from 'lucide-react';
import type { GoneLinkState } from '@shared/shared-report-text';
import { TEXT } from './text';

export function GoneLinkNotice({ state }: { state: GoneLinkState }) {
  const { title, body } = TEXT.gone[state];
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section aria-labelledby="gone-title" className="mx-auto mt-16 max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
      <span aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Link2Off className="size-6" />
      </span>
      <h1 id="gone-title" className="mt-4 text-xl font-semibold">
        {title}
      </h1>
      <p className="mt-2 text-slate-600">{body}</p>
    </section>
  );
}
