// Capture walks the areas of a report made from a template: each area with its counts against its
// minimums, tapped to capture into it, skipped with a reason; then Finish job, which lists what is
// still missing and jumps there. Loaded only for such reports (a lazy chunk).
import { useState } from 'react';
import { CheckCircle2, CircleDashed, MinusCircle } from 'lucide-react';
import type { Project, SkipReason } from '@shared/contract/projects';
import { SKIP_NOTE_MAX_LENGTH } from '@shared/contract/templates';
import { t } from '../../../lib/i18n/i18n';
import { api } from '../../../lib/api';
import { refreshProject } from '../../../lib/refresh-project';
import { notifyFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { areaProgress } from './area-gate';

const REASONS: SkipReason[] = ['no_access', 'occupied', 'not_in_scope', 'other'];

export default function AreasCard({ project, selected, onSelect }: { project: Project; selected: number | null; onSelect: (areaId: number) => void }) {
  const [skipping, setSkipping] = useState<number | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const progress = areaProgress(project);
  const missing = progress.filter((entry) => entry.missing);
  const finished = project.status === 'finished';

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notifyFailure(error, t('areas.failed'));
    } finally {
      await refreshProject(project.id);
      setBusy(false);
    }
  };

  const jumpTo = (areaId: number) => {
    onSelect(areaId);
    document.getElementById(`area-row-${areaId}`)?.scrollIntoView({ block: 'center' });
  };

  const finish = () => {
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    void run(async () => {
      await api.finishProject({ params: { id: project.id } });
      setShowMissing(false);
      toast({ title: t('finish.done') });
    });
  };

  return (
    <Card aria-labelledby="areas-title">
      <CardTitle id="areas-title">{t('areas.title')}</CardTitle>
      {finished && (
        <p className="mt-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200" data-testid="job-finished">
          {t('finish.isFinished')}
        </p>
      )}
      <ol className="mt-3 flex flex-col gap-2">
        {progress.map(({ area, before, after, missing: isMissing }) => {
          const isSelected = area.id === selected;
          const Icon = area.skipped ? MinusCircle : isMissing ? CircleDashed : CheckCircle2;
          return (
            <li key={area.id} id={`area-row-${area.id}`} className={cn('rounded-xl ring-1', isSelected ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200')}>
              <div className="flex items-stretch">
                <button
                  type="button"
                  aria-pressed={isSelected}
                  disabled={finished}
                  onClick={() => onSelect(area.id)}
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
                  </span>
                </button>
                {!finished &&
                  (area.skipped ? (
                    <Button
                      variant="ghost"
                      className="m-1.5"
                      disabled={busy}
                      onClick={() => void run(() => api.unskipArea({ params: { id: project.id, areaId: area.id } }))}
                    >
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
                  onSkip={(reason, note) =>
                    void run(async () => {
                      await api.skipArea({ params: { id: project.id, areaId: area.id }, body: { reason, ...(note ? { note } : {}) } });
                      setSkipping(null);
                    })
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
      {showMissing && missing.length > 0 && !finished && (
        <div role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="finish-missing">
          <p className="font-semibold text-amber-950">{t('finish.missingTitle')}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {missing.map(({ area, before, after }) => (
              <li key={area.id}>
                <button type="button" className="min-h-11 text-left text-sm text-amber-950 underline" onClick={() => jumpTo(area.id)}>
                  {area.name}: {t('areas.counts', { before, minBefore: area.minBefore, after, minAfter: area.minAfter })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3">
        {finished ? (
          <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void run(() => api.reopenProject({ params: { id: project.id } }))}>
            {t('finish.reopen')}
          </Button>
        ) : (
          <Button className="w-full" disabled={busy || project.id < 0} onClick={finish}>
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
