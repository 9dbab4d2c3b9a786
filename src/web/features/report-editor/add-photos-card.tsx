import { t, type MessageId } from '../../lib/i18n/i18n';
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Camera, Lock, Upload } from 'lucide-react';
import type { PhotoType, Project } from '@shared/contract/projects';
import { PRODUCT_NAME } from '@shared/rules';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { arrowKeyChoice, choiceTabIndex } from '../../components/ui/arrow-key-choice';
import { useHasAccess } from '../../lib/access';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { CameraPanel, type CameraOpener } from './camera/camera-panel';
import { ghostChoices } from './camera/ghost-source';
import type { PhotoRef } from '../../lib/outbox/outbox-entries';
import { markShotCounted } from '../../lib/counted-shots';
import { outbox } from '../../lib/outbox/app-outbox';
import { bulkImportOrder, type BulkItem } from './upload/bulk-plan';
import { forgetReportJustCreated, isReportJustCreated } from '../../lib/new-report';
import { chooseDeviceMode, readDeviceTraits, type PhotoInputMode } from '../../lib/device-mode';
import { PhotoTypeSelector } from './photo-type-selector';
import { PendingUploads } from './upload/pending-uploads';
import { prepareUploadImage } from './upload/prepare-upload-image';
import { readExifCaptureDate } from './upload/exif-date';
import { UploadPanel } from './upload/upload-panel';
import { usePendingUploads } from './upload/use-upload-queue';

const MODE_LABEL: Record<PhotoInputMode, { label: MessageId; icon: typeof Camera }> = {
  camera: { label: 'addPhotos.camera', icon: Camera },
  upload: { label: 'addPhotos.upload', icon: Upload },
};

interface AddPhotosCardProps {
  project: Project;
  /** A report made from a template captures into this area; its ghost is that area's before. */
  areaId?: number | null;
  /** Shown in the full-screen camera: the area being captured and the way to the next one. */
  areaBar?: ReactNode;
  /** Opens the full-screen camera (a phone) from outside: an area tapped to capture into it. */
  cameraOpener?: Ref<CameraOpener>;
}

/** The Add Photos card: before/after selector, camera or upload by device (spec §2, §4). */
export function AddPhotosCard({ project, areaId = null, areaBar, cameraOpener }: AddPhotosCardProps) {
  const projectId = project.id;
  const area = areaId === null ? {} : { areaId };
  const areaPhotos = areaId === null ? project.photos : project.photos.filter((photo) => photo.areaId === areaId);
  const [{ initialMode, availableModes }] = useState(() => chooseDeviceMode(readDeviceTraits()));
  const [mode, setMode] = useState<PhotoInputMode>(initialMode);
  const [type, setType] = useState<PhotoType>('before');
  // spec §4 camera mode (phones): the camera fills the screen, and a report just made opens in it.
  const fullScreenCamera = initialMode === 'camera';
  const [openCameraAtOnce] = useState(() => isReportJustCreated(projectId));
  useEffect(() => forgetReportJustCreated(projectId), [projectId]);
  const pendingUploads = usePendingUploads(projectId);
  const areaUploads = areaId === null ? pendingUploads : pendingUploads.filter((upload) => upload.areaId === areaId);
  const hasAccess = useHasAccess();
  const { data: user } = useCurrentUser();

  /** Keeps the photo on this device first (prepared, for a chosen file), then it uploads. */
  /** Whether the photo was kept: a chosen file stays chosen when it was not, to be saved again. */
  /** `counted`: a field camera shot, shown by its counter rather than a toast when it uploads. */
  const keep = async (
    prepare: () => Blob | Promise<Blob>,
    source: 'camera' | 'upload',
    capturedAt: () => Promise<string | undefined>,
    options: { pairWith?: PhotoRef; counted?: boolean } = {},
  ): Promise<boolean> => {
    try {
      if (!user) throw new Error('Nobody is signed in to own this photo');
      // The date is read first: preparing a chosen file re-encodes it without its EXIF.
      const taken = await capturedAt();
      const kept = await outbox.enqueuePhoto({
        userId: user.id,
        projectId,
        type,
        source,
        blob: await prepare(),
        ...(taken ? { capturedAt: taken } : {}),
        ...(options.pairWith !== undefined ? { pairWith: options.pairWith } : {}),
        ...area,
      });
      if (options.counted) markShotCounted(kept.id);
      return true;
    } catch {
      toast({ title: t('addPhotos.saveFailed'), description: t('addPhotos.keepFailed'), variant: 'destructive' });
      return false;
    }
  };

  /**
   * Bulk import: keeps each file as its own photo (befores first, each after carrying its before's
   * queue id so the server pairs them), shown by one progress line rather than a toast each.
   * Answers the queue ids kept; a file that could not be kept is said once and left out.
   */
  const keepMany = async (items: BulkItem<File>[]): Promise<string[]> => {
    if (!user) return [];
    const keptIds = new Map<number, string>();
    let failed = 0;
    for (const { index, pairWithIndex } of bulkImportOrder(items)) {
      const item = items[index]!;
      const before = pairWithIndex === undefined ? undefined : keptIds.get(pairWithIndex);
      try {
        const kept = await outbox.enqueuePhoto({
          userId: user.id,
          projectId,
          type: item.type,
          source: 'upload',
          blob: await prepareUploadImage(item.file),
          ...(item.capturedAt ? { capturedAt: item.capturedAt } : {}),
          ...(before ? { pairWith: before } : {}),
          ...area,
        });
        markShotCounted(kept.id);
        keptIds.set(index, kept.id);
      } catch {
        failed += 1;
      }
    }
    if (failed > 0) toast({ title: t('addPhotos.saveFailed'), description: t('addPhotos.keepFailed'), variant: 'destructive' });
    return [...keptIds.values()];
  };

  return (
    <Card aria-labelledby="add-photos-title">
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="add-photos-title" className="whitespace-nowrap">
          {t('addPhotos.title')}
        </CardTitle>
        {hasAccess && availableModes.length > 1 && (
          <div className="flex gap-1" role="tablist" aria-label={t('addPhotos.how')} onKeyDown={arrowKeyChoice(availableModes, mode, setMode)}>
            {availableModes.map((option) => {
              const { label, icon: Icon } = MODE_LABEL[option];
              return (
                <button
                  key={option}
                  type="button"
                  role="tab"
                  aria-selected={mode === option}
                  aria-controls={mode === option ? 'add-photos-panel' : undefined}
                  id={`add-photos-tab-${option}`}
                  tabIndex={choiceTabIndex(mode === option)}
                  data-choice
                  onClick={() => setMode(option)}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium',
                    mode === option ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-600 hover:bg-slate-100',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(label)}
                </button>
              );
            })}
          </div>
        )}
      </div>
      {hasAccess ? (
        <>
          <div className="mt-3">
            <PhotoTypeSelector value={type} onChange={setType} />
          </div>
          <div
            className="mt-3"
            {...(availableModes.length > 1 ? { id: 'add-photos-panel', role: 'tabpanel', 'aria-labelledby': `add-photos-tab-${mode}` } : {})}
          >
            {mode === 'camera' ? (
              <CameraPanel
                type={type}
                onTypeChange={setType}
                fullScreen={fullScreenCamera}
                openAtOnce={openCameraAtOnce}
                ghost={
                  type === 'after'
                    ? ghostChoices(areaPhotos, project.photoPairs, areaUploads, (localKey) => outbox.serverIdOf(localKey), outbox.sentAfterPairs())
                    : null
                }
                fieldBar={areaBar}
                opener={cameraOpener}
                onCapture={(photo, capturedAt, { pairWith, fullScreen }) =>
                  void keep(
                    () => photo,
                    'camera',
                    async () => capturedAt,
                    { ...(pairWith ? { pairWith } : {}), counted: fullScreen },
                  )
                }
                onNativePhoto={(file, pairWith) =>
                  void keep(
                    () => prepareUploadImage(file),
                    'upload',
                    () => readExifCaptureDate(file),
                    pairWith ? { pairWith } : {},
                  )
                }
              />
            ) : (
              <UploadPanel
                type={type}
                onSave={(file) =>
                  keep(
                    () => prepareUploadImage(file),
                    'upload',
                    () => readExifCaptureDate(file),
                  )
                }
                onSaveMany={keepMany}
                waitingIds={new Set(pendingUploads.map((upload) => upload.id))}
              />
            )}
          </div>
        </>
      ) : (
        <div className="mt-3 rounded-xl bg-slate-50 p-5 text-center ring-1 ring-slate-200" data-testid="add-photos-locked">
          <Lock className="mx-auto size-8 text-slate-500" aria-hidden="true" />
          {/* The banner above says why (trial over or a failed payment); this says what to do. */}
          <p className="mt-2 font-semibold">{t('addPhotos.needsPro', { product: PRODUCT_NAME })}</p>
          <p className="mt-1 text-sm text-slate-600">{t('addPhotos.photosStay')}</p>
          <ButtonLink href="/subscribe" className="mt-4 w-full">
            {t('upgrade.toPro')}
          </ButtonLink>
        </div>
      )}
      <PendingUploads uploads={pendingUploads} />
    </Card>
  );
}
