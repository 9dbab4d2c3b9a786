// /r/{token}: the report as a web page for the client, without an account. No app
// header, no sign-in, no trial banners: the business, the client, each pair as a comparison
// slider, the full photo on demand and "Download PDF". Its own small entry (shared-report-main.tsx).
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Maximize2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SharedReport } from '@shared/contract/share-links';

type SharedPair = SharedReport['pairs'][number];
import { TEXT } from '../features/shared-report/text';
import { buttonClassName } from '../components/ui/button-class';
import { BusinessBanner, ReportHeading } from '../features/shared-report/report-heading';
import { ComparisonSlider } from '../features/shared-report/comparison-slider';
import { FullPhotoDialog, type OpenPhoto } from '../features/shared-report/full-photo-dialog';
import { GoneLinkNotice } from '../features/shared-report/gone-link-notice';
import { tokenFromPath, useSharedReport } from '../features/shared-report/use-shared-report';

// The answer controls load after the report, so the first pair shows as fast as before.
const answers = () => import('../features/shared-report/client-answers');
const ApprovePanel = lazy(() => answers().then((module) => ({ default: module.ApprovePanel })));
const IssueButton = lazy(() => answers().then((module) => ({ default: module.IssueButton })));
const AnswersFooter = lazy(() => answers().then((module) => ({ default: module.AnswersFooter })));

export function SharedReportPage() {
  const token = tokenFromPath(window.location.pathname);
  const { state, retry } = useSharedReport(token);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        {/* Its height is kept while the report loads, so the page below does not move when it arrives. */}
        <div className="mx-auto min-h-18 max-w-5xl px-4 py-3">{state.status === 'ready' && <BusinessBanner report={state.report} />}</div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-5 sm:py-8">
        {state.status === 'ready' && <SharedReportBody report={state.report} token={token} />}
        {state.status === 'gone' && <GoneLinkNotice state={state.state} />}
        {state.status === 'loading' && <ReportSkeleton />}
        {state.status === 'failed' && (
          <div role="alert" className="mx-auto mt-16 max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <p>{TEXT.loadFailed}</p>
            <button type="button" onClick={retry} className={buttonClassName({ variant: 'secondary', className: 'mt-4' })}>
              {TEXT.retry}
            </button>
          </div>
        )}
      </main>
      {/* Not while loading: arriving content would push it down the screen (a layout shift). */}
      {state.status !== 'loading' && <footer className="px-4 py-6 text-center text-sm text-slate-500">{TEXT.sentWith}</footer>}
    </div>
  );
}

function SharedReportBody({ report, token }: { report: SharedReport; token: string }) {
  const [openPhoto, setOpenPhoto] = useState<OpenPhoto | null>(null);
  const [now] = useState(() => Date.now());
  const windowOpen = !report.windowEndsAt || new Date(report.windowEndsAt).getTime() > now;
  const count = report.pairs.length;
  const issueButton = (pair: SharedPair, number: number) => (
    <Suspense fallback={null}>
      <IssueButton token={token} pair={pair} number={number} windowOpen={windowOpen} />
    </Suspense>
  );
  const shown = useProgressiveCount(count);
  return (
    <>
      <ReportHeading report={report} />
      <section aria-labelledby="pairs-heading" className="mt-6">
        <h2 id="pairs-heading" className="text-lg font-semibold">
          {TEXT.pairsHeading(count)}
        </h2>
        {count === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{TEXT.noPairs}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">{TEXT.compareHint}</p>
            {report.areas.length === 0 ? (
              <ol className="mt-4 grid gap-6 lg:grid-cols-2">
                {report.pairs.slice(0, shown).map((pair, index) => (
                  <PairItem
                    key={pair.before.imageUrl}
                    pair={pair}
                    number={index + 1}
                    count={count}
                    onOpenPhoto={setOpenPhoto}
                    answer={issueButton(pair, index + 1)}
                  />
                ))}
              </ol>
            ) : (
              <AreaSections report={report} onOpenPhoto={setOpenPhoto} answerFor={issueButton} />
            )}
          </>
        )}
      </section>
      {count > 0 && (
        <Suspense fallback={null}>
          <ApprovePanel token={token} report={report} onDone={() => undefined} />
          <AnswersFooter report={report} windowOpen={windowOpen} />
        </Suspense>
      )}
      <FullPhotoDialog open={openPhoto} onClose={() => setOpenPhoto(null)} />
    </>
  );
}

/** A report made from a template: its pairs under their area's heading, in template order, with skipped areas and why. */
function AreaSections({
  report,
  onOpenPhoto,
  answerFor,
}: {
  report: SharedReport;
  onOpenPhoto: (photo: OpenPhoto) => void;
  answerFor: (pair: SharedPair, number: number) => ReactNode;
}) {
  const count = report.pairs.length;
  return (
    <>
      {report.areas.map((area) => {
        const pairs = report.pairs.map((pair, index) => ({ pair, number: index + 1 })).filter(({ pair }) => pair.areaId === area.id);
        return (
          <section key={area.id} aria-labelledby={`area-${area.id}`} className="mt-6">
            <h3 id={`area-${area.id}`} className="text-base font-semibold">
              {area.name} · {TEXT.areaCount(pairs.length, area.required)}
            </h3>
            {area.skipped && (
              <p className="mt-1 text-sm text-slate-600">
                {TEXT.skipped}: {TEXT.skipReasons[area.skipped.reason]}
                {area.skipped.note ? ` — ${area.skipped.note}` : ''}
              </p>
            )}
            {pairs.length > 0 && (
              <ol className="mt-3 grid gap-6 lg:grid-cols-2">
                {pairs.map(({ pair, number }) => (
                  <PairItem key={pair.before.imageUrl} pair={pair} number={number} count={count} onOpenPhoto={onOpenPhoto} answer={answerFor(pair, number)} />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </>
  );
}

const FIRST_PAIRS = 2;
const PAIRS_PER_BATCH = 4;

/**
 * How many pairs to render: the first screen at once, then a few more at a time, each batch its
 * own short task, so a 50-pair report never holds a phone's main thread long enough to miss a tap.
 */
function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(Math.min(total, FIRST_PAIRS));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((current) => Math.min(total, current + PAIRS_PER_BATCH)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

interface PairItemProps {
  pair: SharedReport['pairs'][number];
  number: number;
  count: number;
  onOpenPhoto: (photo: OpenPhoto) => void;
  /** "Something's not right?" for this pair. */
  answer: ReactNode;
}

/** One pair: its comparison, its number and the buttons for each full photo. Rendered once (memo). */
const PairItem = memo(function PairItem({ pair, number, count, onOpenPhoto, answer }: PairItemProps) {
  const label = TEXT.pairLabel(number, count);
  return (
    <li>
      <figure>
        <ComparisonSlider before={pair.before} after={pair.after} number={number} isFirst={number === 1} />
        <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-medium text-slate-700">{label}</span>
          <span className="flex gap-2">
            {(['before', 'after'] as const).map((which) => (
              <button
                key={which}
                type="button"
                onClick={() => onOpenPhoto({ photo: pair[which], which, number })}
                className={buttonClassName({ variant: 'ghost', className: 'px-3' })}
                aria-label={`${TEXT.viewFullPhoto(which)}, ${label.toLowerCase()}`}
              >
                <Maximize2 className="size-4" aria-hidden="true" /> {which === 'before' ? TEXT.before : TEXT.after}
              </button>
            ))}
          </span>
        </figcaption>
      </figure>
      {answer}
    </li>
  );
});

/** The shape of the page while the report loads (reserved, so nothing moves when it arrives). */
function ReportSkeleton() {
  return (
    <div role="status" aria-label={TEXT.loading} className="animate-pulse motion-reduce:animate-none">
      <div className="h-4 w-40 rounded bg-slate-200" />
      <div className="mt-3 h-8 w-64 max-w-full rounded bg-slate-200" />
      <div className="mt-3 h-4 w-32 rounded bg-slate-200" />
      <div className="mt-8 aspect-[4/3] w-full rounded-xl bg-slate-200 lg:w-1/2" />
    </div>
  );
}
