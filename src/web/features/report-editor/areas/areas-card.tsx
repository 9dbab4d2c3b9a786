// Capture walks the areas of a report made from a template: each area with its counts against its
// minimums (photos still waiting on the device count), tapped to capture into it, skipped with a
// reason; then Finish job, which lists what is still missing and jumps there.
//
// With no signal (or while earlier work still waits to be sent), Skip, Undo skip, Finish job and
// Reopen go into the outbox, in order behind the photos taken before them, and the card shows the
// job as the cleaner left it. Finish is kept too, rather than refused for want of a connection:
// the gate on this device has already passed, the cleaner can leave the site, and the server
// checks the gate again when the finish arrives after the photos; if it refuses (409
// areas_incomplete), the job stays open and the cleaner is told which areas are missing.
import { useState } from 'react';
import { CheckCircle2, CircleDashed, CloudOff, MinusCircle } from 'lucide-react';
import type { MissingArea, ProjectArea, SkipReason } from '@shared/contract/projects';
import { SKIP_NOTE_MAX_LENGTH } from '@shared/contract/templates';
import { t } from '../../../lib/i18n/i18n';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { refreshProject } from '../../../lib/refresh-project';
import { missingAreasOf, notifyFailure } from '../../../lib/api-errors';
import { outbox } from '../../../lib/outbox/app-outbox';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { useJobChanges } from '../use-job-changes';
import type { AreaProgress } from './area-gate';
import type { ReportOnDevice } from './waiting-changes';

const REASONS: SkipReason[] = ['no_access', 'occupied', 'not_in_scope', 'other'];

type Skip = { reason: SkipReason; note?: string } | null;

interface AreasCardProps {
  onDevice: ReportOnDevice;
  progress: readonly AreaProgress[];
  selected: number | null;
  /** Choose the area to capture into (the missing list's jump). */
  onSelect: (areaId: number) => void;
  /** An area tapped: capture into it (on a phone, the camera opens in it). */
  onCapture: (areaId: number) => void;
}

export function AreasCard({ onDevice, progress, selected, onSelect, onCapture }: AreasCardProps) {
  const { project, finishWaiting, waitingAreaIds } = onDevice;
  const { busy, setBusy, keep, mustQueue, send, reopen: sendReopen } = useJobChanges(project.id);
  const [skipping, setSkipping] = useState<number | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [refusedBy, setRefusedBy] = useState<MissingArea[] | null>(null);
  const missing = progress.filter((entry) => entry.missing);
  const finished = project.status === 'finished';
  // What this phone counts; when it counts nothing missing but the server refused, the server's list.
  const missingHere: MissingArea[] = missing.map(({ area, before, after }) => ({
    areaId: area.id,
    name: area.name,
    before,
    after,
    minBefore: area.minBefore,
    minAfter: area.minAfter,
  }));
  const shownMissing = finished || !showMissing ? null : missingHere.length > 0 ? missingHere : refusedBy;

  const setSkip = (area: ProjectArea, skip: Skip) => {
    setSkipping(null);
    const params = { id: project.id, areaId: area.id };
    void send(
      () => (skip === null ? api.unskipArea({ params }) : api.skipArea({ params, body: skip })),
      { kind: 'skip-area', projectId: project.id, areaId: area.id, skip, ...(area.id < 0 ? { areaKey: area.key } : {}) },
      t('areas.failed'),
    );
  };

  const jumpTo = (areaId: number) => {
    onSelect(areaId);
    document.getElementById(`area-row-${areaId}`)?.scrollIntoView({ block: 'center' });
  };

  const keepFinish = () => {
    keep({ kind: 'finish', projectId: project.id });
    toast({ title: t('finish.kept'), description: t('finish.keptText') });
  };

  const finish = () => {
    if (missing.length > 0) return setShowMissing(true);
    setRefusedBy(null);
    if (mustQueue()) return keepFinish();
    setBusy(true);
    void (async () => {
      try {
        await api.finishProject({ params: { id: project.id } });
        setShowMissing(false);
        toast({ title: t('finish.done') });
      } catch (error) {
        // The server's gate has the last word (another phone may have deleted a photo or undone a skip).
        const refused = missingAreasOf(error);
        if (refused) {
          setRefusedBy(refused);
          setShowMissing(true);
        } else if (error instanceof ApiError) notifyFailure(error, t('finish.failed'));
        else keepFinish();
      } finally {
        await refreshProject(project.id);
        setBusy(false);
      }
    })();
  };

  const reopen = async () => {
    // Finished only on this phone: taking it back is forgetting the finish that waits. A finish
    // already on its way cannot be taken back: the reopen is kept behind it instead.
    if (finishWaiting && (await outbox.discard((entry) => entry.kind === 'finish' && entry.projectId === project.id)) > 0) return;
    if (finishWaiting) return keep({ kind: 'reopen', projectId: project.id });
    // Photos that reached the server after someone else finished the job go on once it is open.
    await sendReopen(t('areas.failed'));
  };

  return (
    <Card aria-labelledby="areas-title">
      <CardTitle id="areas-title">{t('areas.title')}</CardTitle>
      {finished && (
        <p
          className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200"
          data-testid={finishWaiting ? 'job-finish-waiting' : 'job-finished'}
        >
          {finishWaiting ? t('finish.waiting') : t('finish.isFinished')}
        </p>
      )}
      <ol className="mt-3 flex flex-col gap-2">
        {progress.map(({ area, before, after, missing: isMissing }) => {
          const isSelected = area.id === selected;
          const Icon = area.skipped ? MinusCircle : isMissing ? CircleDashed : CheckCircle2;
          return (
            <li
              key={area.id}
              id={`area-row-${area.id}`}
              className={cn('rounded-xl', isSelected && !finished ? 'bg-brand-50 ring-2 ring-brand-600' : 'ring-1 ring-slate-200')}
            >
              <div className="flex items-stretch">
                <button
                  type="button"
                  aria-current={isSelected && !finished ? 'step' : undefined}
                  disabled={finished}
                  onClick={() => onCapture(area.id)}
                  className="flex min-h-14 flex-1 items-center gap-2 px-3 py-2 text-left"
                >
                  <Icon className={cn('size-5 shrink-0', isMissing ? 'text-slate-500' : 'text-emerald-700')} aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-semibold">{area.name}</span>
                    <span className="block text-sm text-slate-700">
                      {area.skipped
                        ? t('areas.skippedBecause', { reason: t(`areas.reason.${area.skipped.reason}`) })
                        : t('areas.counts', { before, minBefore: area.minBefore, after, minAfter: area.minAfter })}
                    </span>
                    {waitingAreaIds.has(area.id) && (
                      <span className="flex items-center gap-1 text-sm text-amber-900" data-testid="area-waiting">
                        <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
                        {t('areas.waitingToSend')}
                      </span>
                    )}
                  </span>
                </button>
                {!finished &&
                  (area.skipped ? (
                    <Button variant="ghost" className="m-1.5" disabled={busy} onClick={() => setSkip(area, null)}>
                      {t('areas.unskip')}
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      className="m-1.5"
                      aria-expanded={skipping === area.id}
                      onClick={() => setSkipping(skipping === area.id ? null : area.id)}
                    >
                      {t('areas.skip')}
                    </Button>
                  ))}
              </div>
              {skipping === area.id && (
                <SkipForm
                  areaName={area.name}
                  busy={busy}
                  onCancel={() => setSkipping(null)}
                  onSkip={(reason, note) => setSkip(area, { reason, ...(note ? { note } : {}) })}
                />
              )}
            </li>
          );
        })}
      </ol>
      {shownMissing && shownMissing.length > 0 && (
        <div role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="finish-missing">
          <p className="font-semibold text-amber-950">{shownMissing === refusedBy ? t('finish.refusedByServer') : t('finish.missingTitle')}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {shownMissing.map((entry) => (
              <li key={entry.areaId}>
                <button type="button" className="min-h-11 text-left text-sm text-amber-950 underline" onClick={() => jumpTo(entry.areaId)}>
                  {entry.name}: {t('areas.counts', { before: entry.before, minBefore: entry.minBefore, after: entry.after, minAfter: entry.minAfter })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3">
        {finished ? (
          <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void reopen()}>
            {t('finish.reopen')}
          </Button>
        ) : (
          <Button className="w-full" disabled={busy} onClick={finish}>
            {t('finish.button')}
          </Button>
        )}
      </div>
    </Card>
  );
}

function SkipForm({
  areaName,
  busy,
  onCancel,
  onSkip,
}: {
  areaName: string;
  busy: boolean;
  onCancel: () => void;
  onSkip: (reason: SkipReason, note: string) => void;
}) {
  const [reason, setReason] = useState<SkipReason>('no_access');
  const [note, setNote] = useState('');
  return (
    <form
      className="border-t border-slate-200 px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSkip(reason, note.trim());
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t('areas.skipWhy', { area: areaName })}</legend>
        <div className="mt-1 grid grid-cols-2 gap-1">
          {REASONS.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="skip-reason" value={option} checked={reason === option} onChange={() => setReason(option)} />
              {t(`areas.reason.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-1 block text-sm">
        {t('areas.note')}
        <input
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-2"
          value={note}
          maxLength={SKIP_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <div className="mt-2 flex gap-2">
        <Button type="submit" disabled={busy}>
          {t('areas.confirmSkip')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('areas.cancel')}
        </Button>
      </div>
    </form>
  );
}
