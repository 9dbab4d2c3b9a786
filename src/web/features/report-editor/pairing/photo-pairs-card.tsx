import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { errorText } from '../../../lib/i18n/error-text';
import { useMemo, useState } from 'react';
import { Check, CloudOff, Link2, Maximize2, Trash2, Unlink, Wand2, X } from 'lucide-react';
import type { Photo, PhotoPair, Project } from '@shared/contract/projects';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { useFocusWhenLost } from '../../../components/ui/use-focus-when-lost';
import { toast } from '../../../lib/toast';
import { notifyFailure } from '../../../lib/api-errors';
import { useAutoPairAll, useCreatePhotoPair, useDeletePhotoPair } from '../api/project-api';
import { api } from '../../../lib/api';
import { scheduleDelete, undoDelete, UNDO_DELETE_MS, usePendingPhotoDeletes } from './pending-photo-deletes';
import { outbox, shouldQueue, useOutboxItems } from '../../../lib/outbox/app-outbox';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { canAutoPair, canPairSelection, getUnpairedPhotos, pruneSelection, resolvePairSelection, togglePhotoSelection } from '@shared/pairing';
import { INVALID_SELECTION_MESSAGE } from '@shared/pairing';
import { CaptureTimeBadge, PhotoBadges, PhotoThumbnail } from './photo-thumbnail';
import { namesPhotoTakers } from '../../../lib/crew';
import { PhotoViewerDialog } from './photo-viewer-dialog';
import { useFinishedOnDevice } from '../status-on-device';

const ICON_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700';

/** Photo Pairs (spec §2, §4): select one before and one after to pair, or auto-pair all. */
export function PhotoPairsCard({ project }: { project: Project }) {
  const createPair = useCreatePhotoPair(project.id);
  const autoPair = useAutoPairAll(project.id);
  const deletePair = useDeletePhotoPair(project.id);
  const [rawSelection, setSelection] = useState<number[]>([]);
  const [viewing, setViewing] = useState<Photo | null>(null);

  const user = useCurrentUser().data;
  const userId = user?.id ?? null;
  const namesTakers = namesPhotoTakers(user, project.photos);
  // A cleaner deletes only the photos they took (the server answers 403 otherwise).
  const mayDeletePhoto = (photo: Photo) => user?.role !== 'cleaner' || photo.takenBy === null || photo.takenBy.id === user.id;
  const queued = useQueuedPairing(project.id);
  const deleting = usePendingPhotoDeletes();
  // Waiting in the outbox: a deleted photo stays gone, an unpaired pair leaves, paired photos leave the unpaired list.
  const photoPairs = project.photoPairs.filter((pair) => !queued.unpairedPairIds.has(pair.id));
  const unpaired = getUnpairedPhotos(project.photos, photoPairs).filter((photo) => !deleting.has(photo.id) && !queued.hiddenPhotoIds.has(photo.id));
  const selected = pruneSelection(rawSelection, unpaired);
  const busy = createPair.isPending || autoPair.isPending;
  const focusWhenLost = useFocusWhenLost();
  // A finished job keeps its photos and pairs until it is reopened (the server answers 409 report_finished).
  // A reopen kept on this phone (no signal) gives the pairs back at once; changes go behind it.
  const finished = useFinishedOnDevice(project);

  const pairSelected = () => {
    const pair = resolvePairSelection(selected, unpaired);
    if (!pair) {
      toast({ title: t('pairs.invalidSelection'), description: errorText('invalid_selection', INVALID_SELECTION_MESSAGE), variant: 'destructive' });
      return;
    }
    focusWhenLost('pairs-title');
    const keep = () => {
      setSelection([]);
      queue({ kind: 'create-pair', projectId: project.id, ...pair });
    };
    if (shouldQueue()) return keep();
    createPair.mutate(pair, {
      onSuccess: () => {
        setSelection([]);
        toast({ title: t('pairs.created'), description: t('pairs.createdText') });
      },
      onError: (error) => (error instanceof ApiError ? notifyFailure(error, t('pairs.createFailed')) : keep()),
    });
  };

  /** Kept in the outbox (no signal, or earlier work still waiting there): made in order, once it can be. */
  const queue = (
    entry:
      | { kind: 'create-pair'; projectId: number; beforePhotoId: number; afterPhotoId: number }
      | { kind: 'delete-pair'; projectId: number; pairId: number }
      | { kind: 'auto-pair'; projectId: number },
  ) => {
    if (userId === null) return;
    void outbox.enqueue({ ...entry, userId });
    toast({ title: t('pairs.kept'), description: entry.kind === 'auto-pair' ? t('pairs.autoKeptText') : t('pairs.keptText') });
  };

  const autoPairAll = () => {
    focusWhenLost('pairs-title');
    if (shouldQueue()) return queue({ kind: 'auto-pair', projectId: project.id });
    autoPair.mutate(undefined, {
      // spec §8, word for word: 'Created N photo pairs automatically'.
      onSuccess: ({ pairsCreated }) => toast({ title: t('pairs.autoDone'), description: t('pairs.autoDoneText', { count: pairsCreated }) }),
      onError: (error) => (error instanceof ApiError ? notifyFailure(error, t('pairs.autoFailed')) : queue({ kind: 'auto-pair', projectId: project.id })),
    });
  };

  const removePair = (pair: PhotoPair) => {
    focusWhenLost('unpaired-title', 'photo-pairs-title');
    if (shouldQueue()) return queue({ kind: 'delete-pair', projectId: project.id, pairId: pair.id });
    deletePair.mutate(pair.id, {
      onSuccess: () => toast({ title: t('pairs.deleted'), description: t('pairs.deletedText') }),
      onError: (error) =>
        error instanceof ApiError ? notifyFailure(error, t('pairs.deleteFailed')) : queue({ kind: 'delete-pair', projectId: project.id, pairId: pair.id }),
    });
  };

  /** One tap on a phone: undoable for a few seconds, sent only once that time has lapsed. */
  const removePhoto = (photo: Photo) => {
    focusWhenLost('unpaired-title', 'photo-pairs-title');
    setSelection((current) => current.filter((id) => id !== photo.id));
    scheduleDelete(photo.id, async ({ leaving }) => {
      // The page is going away with a signal: a keepalive request outlives it. Otherwise the
      // delete goes into the outbox: with no signal it waits there (the photo stays hidden).
      if (leaving && navigator.onLine) {
        await api.deletePhoto({ params: { id: photo.id } }, { keepalive: true }).catch(() => undefined);
        return;
      }
      if (userId !== null) await outbox.enqueue({ kind: 'delete-photo', userId, projectId: project.id, photoId: photo.id });
    });
    toast({
      title: t('pairs.photoDeleted'),
      description: t('pairs.photoDeletedText', { type: photo.type === 'before' ? t('photoType.before').toLowerCase() : t('photoType.after').toLowerCase() }),
      durationMs: UNDO_DELETE_MS,
      action: { label: t('pairs.undo'), onClick: () => undoDelete(photo.id) },
    });
  };

  return (
    <Card aria-labelledby="photo-pairs-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="photo-pairs-title" tabIndex={-1}>
          {t('pairs.title')} <span className="font-normal text-slate-500">({photoPairs.length})</span>
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          {!finished && canAutoPair(unpaired, selected) && (
            <Button variant="secondary" onClick={autoPairAll} disabled={busy}>
              <Wand2 className="size-4" aria-hidden="true" /> {autoPair.isPending ? t('pairs.pairing') : t('pairs.autoPair')}
            </Button>
          )}
        </div>
      </div>

      {project.photos.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="no-photos">
          {t(finished ? 'pairs.noPhotosFinished' : 'pairs.noPhotos')}
        </p>
      ) : (
        <>
          {unpaired.length > 0 && (
            <section aria-labelledby="unpaired-title" className="mt-4">
              <h3 id="unpaired-title" tabIndex={-1} className="text-sm font-semibold text-slate-700">
                {t('pairs.unpaired', { count: unpaired.length })}
              </h3>
              <p className="text-sm text-slate-500">{finished ? t('pairs.finishedHint') : t('pairs.tapHint')}</p>
              <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {unpaired.map((photo) => (
                  <UnpairedPhotoTile
                    key={photo.id}
                    photo={photo}
                    selected={selected.includes(photo.id)}
                    onToggle={finished ? undefined : () => setSelection(togglePhotoSelection(selected, photo.id, unpaired))}
                    onView={() => setViewing(photo)}
                    onDelete={!finished && mayDeletePhoto(photo) ? () => removePhoto(photo) : undefined}
                    namesTaker={namesTakers}
                  />
                ))}
              </ul>
            </section>
          )}

          {queued.waiting > 0 && (
            <p className="mt-4 flex items-center gap-1.5 text-sm font-medium text-amber-800" data-testid="pairing-kept">
              <CloudOff className="size-4 shrink-0" aria-hidden="true" /> {t('pairs.keptCount', { count: queued.waiting })}
            </p>
          )}
          {photoPairs.length > 0 && (
            <section aria-labelledby="pairs-title" className="mt-5">
              <h3 id="pairs-title" tabIndex={-1} className="text-sm font-semibold text-slate-700">
                {t('pairs.pairs', { count: photoPairs.length })}
              </h3>
              <ul className="mt-2 grid gap-3 md:grid-cols-2">
                {photoPairs.map((pair, index) => (
                  <li key={pair.id} className="rounded-xl border border-slate-200 p-2" data-testid="photo-pair">
                    <div className="flex items-center justify-between px-1 pb-2">
                      <span className="text-sm font-medium text-slate-700">{t('pairs.pairNumber', { number: index + 1 })}</span>
                      {!finished && (
                        <Button
                          variant="ghost"
                          onClick={() => removePair(pair)}
                          disabled={deletePair.isPending && deletePair.variables === pair.id}
                          aria-label={t('pairs.unpairPair', { number: index + 1 })}
                        >
                          <Unlink className="size-4" aria-hidden="true" /> {t('pairs.unpair')}
                        </Button>
                      )}
                    </div>
                    <div className="grid grid-cols-2 gap-2">
                      {[pair.beforePhoto, pair.afterPhoto].map((photo) => (
                        <button
                          key={photo.id}
                          type="button"
                          onClick={() => setViewing(photo)}
                          aria-label={t('pairs.viewPairPhoto', { type: photoTypeBadge(photo.type), number: index + 1 })}
                          className="relative overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
                        >
                          <PhotoThumbnail photo={photo} />
                          <PhotoBadges photo={photo} namesTaker={namesTakers} className="absolute top-1.5 left-1.5" />
                          <CaptureTimeBadge capturedAt={photo.capturedAt} className="absolute bottom-1.5 left-1.5" />
                        </button>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {canPairSelection(selected) && (
        <>
          {/* Pinned to the bottom of the screen while two photos are selected: the actions stay in
              reach however far the list has scrolled. The spacer keeps the last photos clear of it. */}
          <div className="h-20" aria-hidden="true" />
          <div
            role="group"
            aria-label={t('pairs.selectionActions')}
            data-testid="pair-bar"
            className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
          >
            <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm font-medium text-slate-700">{t('pairs.selectedTwo')}</p>
              <Button onClick={pairSelected} disabled={busy}>
                <Link2 className="size-4" aria-hidden="true" /> {t('pairs.pairSelected')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  focusWhenLost('unpaired-title');
                  setSelection([]);
                }}
                disabled={busy}
              >
                <X className="size-4" aria-hidden="true" /> {t('pairs.clear')}
              </Button>
            </div>
          </div>
        </>
      )}
      <PhotoViewerDialog photo={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

function UnpairedPhotoTile(props: {
  photo: Photo;
  selected: boolean;
  namesTaker: boolean;
  /** Left out on a finished job: the photo can be viewed, not selected. */
  onToggle?: () => void;
  onView: () => void;
  /** Left out where this member may not delete the photo. */
  onDelete?: () => void;
}) {
  const { photo, selected } = props;
  const label = photoTypeBadge(photo.type);
  return (
    // The tile clips its photo to rounded corners, which would clip the select button's focus ring
    // too: the tile draws it instead, outside the selection ring.
    <li
      className={cn(
        'relative overflow-hidden rounded-xl ring-2 transition-shadow has-[>button:focus-visible]:outline-3 has-[>button:focus-visible]:outline-offset-2 has-[>button:focus-visible]:outline-brand-700',
        selected ? 'ring-brand-600 shadow-md' : 'ring-transparent',
      )}
      data-testid="unpaired-photo"
    >
      {props.onToggle ? (
        <button
          type="button"
          onClick={props.onToggle}
          aria-pressed={selected}
          aria-label={t('pairs.select', { type: label })}
          className="block w-full focus-visible:outline-none"
        >
          <PhotoThumbnail photo={photo} />
        </button>
      ) : (
        <PhotoThumbnail photo={photo} />
      )}
      <PhotoBadges photo={photo} namesTaker={props.namesTaker} className="absolute top-1.5 left-1.5" />
      <CaptureTimeBadge capturedAt={photo.capturedAt} className="absolute bottom-1.5 left-1.5" />
      {selected && (
        <span
          className="pointer-events-none absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-brand-600 text-white shadow"
          aria-hidden="true"
        >
          <Check className="size-4" />
        </span>
      )}
      <div className="absolute right-1.5 bottom-1.5 flex gap-1.5">
        <button type="button" onClick={props.onView} aria-label={t('pairs.view', { type: label })} className={ICON_BUTTON}>
          <Maximize2 className="size-4" aria-hidden="true" />
        </button>
        {props.onDelete && (
          <button type="button" onClick={props.onDelete} aria-label={t('pairs.delete', { type: label })} className={cn(ICON_BUTTON, 'text-red-600')}>
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}

/** What of this report's pairing waits in the outbox, for the card to show as already done. */
function useQueuedPairing(projectId: number) {
  const items = useOutboxItems();
  return useMemo(() => {
    const hiddenPhotoIds = new Set<number>();
    const unpairedPairIds = new Set<number>();
    let waiting = 0;
    for (const { entry } of items) {
      if (!('projectId' in entry) || entry.projectId !== projectId) continue;
      if (entry.kind === 'delete-photo' && typeof entry.photoId === 'number') hiddenPhotoIds.add(entry.photoId);
      if (entry.kind === 'create-pair') {
        for (const id of [entry.beforePhotoId, entry.afterPhotoId]) if (typeof id === 'number') hiddenPhotoIds.add(id);
      }
      if (entry.kind === 'delete-pair') unpairedPairIds.add(entry.pairId);
      if (entry.kind === 'create-pair' || entry.kind === 'delete-pair' || entry.kind === 'auto-pair') waiting++;
    }
    return { hiddenPhotoIds, unpairedPairIds, waiting };
  }, [items, projectId]);
}
