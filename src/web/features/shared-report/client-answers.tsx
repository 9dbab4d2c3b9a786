// The client answers on the link: "Approve this job" (typed name, an optional drawn signature and
// rating, then a confirm step so nobody approves by accident) and, on each pair, "Something's not
// right?" (a pin on the after photo placed by a tap or the arrow keys, a note, an optional photo).
// Loaded only once the report is on screen, so the first pair shows as fast as before.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { SharedReport } from '@shared/contract/share-links';
import { buttonClassName } from '../../components/ui/button-class';
import { createApiClient } from '../../lib/api/create-api-client';
import { ApiError } from '../../lib/api-client';
import { ANSWER_TEXT as W } from './answer-text';

const publicApi = createApiClient();
const FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700';

function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.serverCode : undefined;
  if (code && code in W.errors) return W.errors[code as keyof typeof W.errors];
  return W.failed;
}

export function ApprovePanel({ token, report, onDone }: { token: string; report: SharedReport; onDone: () => void }) {
  const [name, setName] = useState('');
  const [rating, setRating] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [approvedName, setApprovedName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The confirm step takes the focus, so a keyboard user lands on "Yes, approve".
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const ids = { name: useId(), error: useId() };
  const approval = report.approval && !report.approval.superseded ? report.approval : null;

  if (approval || approvedName) {
    return (
      <section aria-labelledby="approve-heading" className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 p-5">
        <h2 id="approve-heading" className="text-lg font-semibold" role="status">
          {W.approvedBy(approval?.name ?? approvedName)}
        </h2>
      </section>
    );
  }

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(W.errors.approval_name_required);
    setError('');
    setConfirming(true);
  };
  const approve = async () => {
    setBusy(true);
    try {
      await publicApi.approveSharedReport({
        params: { token },
        body: { name: name.trim(), ...(signature ? { signature } : {}), ...(rating ? { rating } : {}) },
      });
      setApprovedName(name.trim());
      onDone();
    } catch (caught) {
      setError(errorText(caught));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="approve-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="approve-heading" className="text-lg font-semibold">
        {W.approveHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{W.approveHint}</p>
      <form onSubmit={ask} className="mt-3 flex flex-col gap-3" noValidate>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          {W.yourName}
          <input
            id={ids.name}
            className={FIELD}
            value={name}
            maxLength={100}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </label>
        <SignaturePad onChange={setSignature} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{W.rating}</legend>
          <div className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label
                key={stars}
                className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg text-2xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
              >
                <input type="radio" name="rating" value={stars} checked={rating === stars} onChange={() => setRating(stars)} className="sr-only" />
                <span aria-hidden="true" className={stars <= rating ? 'text-amber-500' : 'text-slate-300'}>
                  ★
                </span>
                <span className="sr-only">{W.stars(stars)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {confirming ? (
          <div role="group" aria-label={W.confirmTitle} className="rounded-xl bg-slate-50 p-3">
            <p className="font-medium">{W.confirmText(name.trim())}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button ref={confirmButton} type="button" disabled={busy} onClick={() => void approve()} className={buttonClassName({})}>
                {W.confirm}
              </button>
              <button type="button" onClick={() => setConfirming(false)} className={buttonClassName({ variant: 'secondary' })}>
                {W.cancel}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className={buttonClassName({ className: 'self-start' })}>
            {W.approve}
          </button>
        )}
      </form>
    </section>
  );
}

/** A finger- or mouse-drawn signature; optional, so never the only way to approve. */
function SignaturePad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * event.currentTarget.width) / box.width,
      y: ((event.clientY - box.top) * event.currentTarget.height) / box.height,
    };
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!last.current || !context) return;
    const next = point(event);
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.strokeStyle = '#0f172a';
    context.beginPath();
    context.moveTo(last.current.x, last.current.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    last.current = next;
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    onChange(null);
  };
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">{W.signature}</p>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        aria-label={W.signatureArea}
        data-testid="signature-pad"
        className="mt-1 h-28 w-full touch-none rounded-lg border border-dashed border-slate-400 bg-white"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
        }}
        onPointerMove={move}
        onPointerUp={(event) => {
          last.current = null;
          onChange(event.currentTarget.toDataURL('image/png'));
        }}
      />
      <button type="button" onClick={clear} className={buttonClassName({ variant: 'ghost', className: 'mt-1 px-2' })}>
        {W.clear}
      </button>
    </div>
  );
}

const STEP = 0.05;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/** "Something's not right?" under a pair: the pin, the note, an optional photo. */
export function IssueButton({ token, pair, number, windowOpen }: { token: string; pair: SharedReport['pairs'][number]; number: number; windowOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState({ x: 0.5, y: 0.5 });
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState('');
  const ids = { note: useId(), photo: useId(), error: useId() };

  if (state === 'sent')
    return (
      <p className="mt-2 text-sm font-medium text-brand-800" role="status">
        {W.issueSent}
      </p>
    );
  if (!windowOpen) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClassName({ variant: 'secondary', className: 'mt-2' })}
        aria-label={`${W.notRight} ${W.pairN(number)}`}
      >
        {W.notRight}
      </button>
    );

  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    setPin((current) => ({ x: clamp(current.x + delta[0]), y: clamp(current.y + delta[1]) }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setError(W.errors.issue_note_required);
    setState('busy');
    try {
      await publicApi.reportSharedIssue({ params: { token }, body: { pairId: pair.id, x: pin.x, y: pin.y, note: note.trim(), ...(photo ? { photo } : {}) } });
      setState('sent');
    } catch (caught) {
      setError(errorText(caught));
      setState('idle');
    }
  };
  const readPhoto = (file: File | undefined) => {
    if (!file) return setPhoto(undefined);
    const reader = new FileReader();
    reader.onload = () => setPhoto(typeof reader.result === 'string' ? reader.result : undefined);
    reader.readAsDataURL(file);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3" noValidate>
      <p className="text-sm text-slate-700">{W.pinHint}</p>
      <div
        role="slider"
        tabIndex={0}
        aria-label={W.pinLabel}
        aria-valuenow={Math.round(pin.x * 100)}
        aria-valuetext={W.pinValue(Math.round(pin.x * 100), Math.round(pin.y * 100))}
        data-testid="issue-pin-area"
        onKeyDown={onKey}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          setPin({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
        }}
        className="relative aspect-[4/3] w-full cursor-crosshair overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <img src={pair.after.thumbnailUrl} alt="" className="size-full object-cover" draggable={false} />
        <span
          aria-hidden="true"
          className="absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white bg-red-600 shadow"
          style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
        />
      </div>
      <label htmlFor={ids.note} className="text-sm font-medium text-slate-700">
        {W.note}
        <textarea
          id={ids.note}
          className={FIELD}
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
      </label>
      <label htmlFor={ids.photo} className="text-sm font-medium text-slate-700">
        {W.addPhoto}
        <input
          id={ids.photo}
          type="file"
          accept="image/jpeg,image/png"
          className="mt-1 block w-full text-sm"
          onChange={(event) => readPhoto(event.target.files?.[0])}
        />
      </label>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={state === 'busy'} className={buttonClassName({})}>
          {W.sendIssue}
        </button>
        <button type="button" onClick={() => setOpen(false)} className={buttonClassName({ variant: 'secondary' })}>
          {W.cancel}
        </button>
      </div>
    </form>
  );
}

/** Below the report: the review link for every client, and what the page records. */
export function AnswersFooter({ report, windowOpen }: { report: SharedReport; windowOpen: boolean }) {
  return (
    <div className="mt-6 flex flex-col gap-3">
      {!windowOpen && <p className="text-sm text-slate-600">{W.windowClosed}</p>}
      {report.reviewUrl && (
        <a href={report.reviewUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: 'secondary', className: 'self-start' })}>
          {W.review}
        </a>
      )}
      <p className="text-xs text-slate-500">{W.privacy}</p>
    </div>
  );
}
