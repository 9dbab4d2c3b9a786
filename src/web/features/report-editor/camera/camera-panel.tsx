import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { Camera, CameraOff, SwitchCamera } from 'lucide-react';
import type { PhotoType } from '@shared/contract/projects';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../lib/toast';
import { captureFailed } from './camera-errors';
import { t } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import { captureVideoFrame } from './capture-frame';
import { useCamera, type CameraStatus } from './use-camera';
import { GhostOverlay } from './ghost-overlay';
import { CameraPreview } from './camera-preview';
import type { GhostChoices } from './ghost-source';
import { BeforeStrip } from './before-strip';
import { useGhostSelection } from './use-ghost-selection';
import type { PhotoRef } from '../../../lib/outbox/outbox-entries';
import { outbox } from '../../../lib/outbox/app-outbox';
import { FieldCamera } from './field-camera';
import { CameraRefusedHelp } from './camera-refused-help';

const ROUND =
  'inline-flex size-14 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/30 backdrop-blur hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white';

export interface CameraPanelProps {
  type: PhotoType;
  onTypeChange: (type: PhotoType) => void;
  /** `fullScreen`: whether the shot was taken in the field camera (it counts shots instead of a toast each). */
  onCapture: (photo: Blob, capturedAt: string, options: { pairWith?: PhotoRef; fullScreen: boolean }) => void;
  /** A photo from the phone's own camera app, when this one did not start. */
  onNativePhoto: (file: File, pairWith?: PhotoRef) => void;
  ghost?: GhostChoices | null;
  /** Phones: the camera fills the screen (field-camera.tsx); elsewhere it sits in the card. */
  fullScreen?: boolean;
  /** A report just made on a phone opens straight into the camera. */
  openAtOnce?: boolean;
  /** In the full-screen camera, above the Before/After switch (the area being captured, and the next). */
  fieldBar?: ReactNode;
  /** Opens the full-screen camera from outside (an area tapped to capture into it); does nothing elsewhere. */
  opener?: Ref<CameraOpener> | undefined;
}

export interface CameraOpener {
  open: () => void;
}

/**
 * Camera mode of the Add Photos card: Start Camera, capture, flip, stop. `ghost`: with After
 * selected, the befores to line the shot up with; the one chosen in the strip shows over the
 * preview, and the after is paired with it as it is stored (`pairWith` of onCapture).
 */
export function CameraPanel({
  type,
  onTypeChange,
  onCapture,
  onNativePhoto,
  ghost = null,
  fullScreen = false,
  openAtOnce = false,
  fieldBar,
  opener,
}: CameraPanelProps) {
  const camera = useCamera();
  const { videoRef, status, facingMode, start, stop, flip } = camera;
  const [flash, setFlash] = useState(false);
  const label = photoTypeBadge(type);
  const controls = useCameraControlFocus(status);
  const ghostSelection = useGhostSelection(type === 'after' ? ghost : null, (localKey) => outbox.serverIdOf(localKey));
  const field = useFieldCamera(camera, openAtOnce && fullScreen);
  useImperativeHandle(opener, () => ({ open: () => fullScreen && !field.isOpen && field.open() }), [fullScreen, field]);

  const capture = async () => {
    const video = videoRef.current;
    // The device clock at the shutter: the photo's proof of when it was taken.
    const capturedAt = new Date().toISOString();
    try {
      if (!video) throw new Error('No camera preview');
      const photo = await captureVideoFrame(video);
      setFlash(true);
      setTimeout(() => setFlash(false), 150);
      if (fullScreen) {
        // A short buzz says "taken" where the phone can (Android; iOS has no vibrate).
        navigator.vibrate?.(40);
        field.counted(photo);
      }
      onCapture(photo, capturedAt, { ...(ghostSelection.selected ? { pairWith: ghostSelection.selected.pairWith } : {}), fullScreen });
    } catch {
      toast(captureFailed());
    }
  };

  const nativePhoto = (file: File) => onNativePhoto(file, type === 'after' ? ghostSelection.selected?.pairWith : undefined);

  if (fullScreen) {
    return (
      <div>
        <Button size="lg" className="w-full" onClick={field.open} disabled={field.isOpen} {...controls.props('start')}>
          <Camera className="size-5" aria-hidden="true" />
          {t('camera.start')}
        </Button>
        <p className="mt-2 text-center text-sm text-slate-600">{t('camera.fullScreenHint')}</p>
        {!field.isOpen && status === 'off' && (
          <div className="mt-3 flex justify-center">
            <CameraRefusedHelp failure={camera.failure} onRetry={field.open} onPhoto={nativePhoto} />
          </div>
        )}
        <FieldCamera
          open={field.isOpen}
          onClose={field.close}
          videoRef={videoRef}
          status={status}
          facingMode={facingMode}
          torch={camera.torch}
          failure={camera.failure}
          onToggleTorch={() => void camera.toggleTorch()}
          onStart={start}
          onFlip={flip}
          type={type}
          onTypeChange={onTypeChange}
          onShutter={() => void capture()}
          shots={field.shots}
          lastShot={field.lastShot}
          ghost={type === 'after' ? ghost : null}
          ghostSelected={ghostSelection.selected}
          onGhostSelect={ghostSelection.select}
          flash={flash}
          onNativePhoto={nativePhoto}
          controlProps={controls.props}
          onClosed={() => controls.focus('start')}
          bar={fieldBar}
        />
      </div>
    );
  }

  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-900">
        <CameraPreview videoRef={videoRef} status={status} facingMode={facingMode} className="size-full object-cover" />
        {status === 'off' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-300">
            <CameraOff className="size-10" aria-hidden="true" />
            <p className="text-sm">{t('camera.off')}</p>
          </div>
        )}
        {status === 'starting' && (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-900/60">
            <Spinner label={t('camera.starting')} />
          </div>
        )}
        {status === 'live' && (
          <>
            {type === 'after' && <GhostOverlay source={ghostSelection.selected?.source ?? null} mirrored={facingMode === 'user'} />}
            <span
              className={cn(
                'absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold tracking-wide text-white shadow',
                type === 'before' ? 'bg-amber-700' : 'bg-brand-700',
              )}
            >
              {label}
            </span>
            <div className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-black/60 to-transparent px-5 pt-8 pb-4">
              <button type="button" onClick={stop} aria-label={t('camera.stop')} className={ROUND} {...controls.props('stop')}>
                <CameraOff className="size-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => void capture()}
                {...controls.props('shutter')}
                aria-label={t('camera.take', { type: label })}
                className="inline-flex size-18 items-center justify-center rounded-full bg-white ring-4 ring-white/40 active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
              >
                <span className={cn('size-14 rounded-full border-2 border-slate-900/10', type === 'before' ? 'bg-amber-500' : 'bg-brand-600')} />
              </button>
              <button type="button" onClick={flip} aria-label={t('camera.flip')} className={ROUND} {...controls.props('flip')}>
                <SwitchCamera className="size-6" aria-hidden="true" />
              </button>
            </div>
          </>
        )}
        {flash && <div className="pointer-events-none absolute inset-0 bg-white/70" aria-hidden="true" />}
      </div>
      {status === 'live' && type === 'after' && ghost && (
        <BeforeStrip
          candidates={ghost.candidates}
          selectedKey={ghostSelection.selected?.key ?? null}
          onSelect={ghostSelection.select}
          className="mt-2 rounded-xl bg-slate-900 p-2"
        />
      )}
      {status === 'off' && camera.failure !== null && (
        <div className="mt-3 flex justify-center">
          <CameraRefusedHelp failure={camera.failure} onRetry={start} onPhoto={nativePhoto} />
        </div>
      )}
      {status !== 'live' && (
        <Button size="lg" className="mt-3 w-full" onClick={start} disabled={status === 'starting'} {...controls.props('start')}>
          <Camera className="size-5" aria-hidden="true" />
          {status === 'starting' ? t('camera.startingButton') : t('camera.start')}
        </Button>
      )}
    </div>
  );
}

/**
 * The field camera's life: open starts the camera (at once for a report just made), close stops it
 * and says in one toast what was kept ('Photo Saved', spec §8) instead of one toast per shot.
 */
function useFieldCamera(camera: ReturnType<typeof useCamera>, openAtOnce: boolean) {
  const [isOpen, setOpen] = useState(false);
  const [shots, setShots] = useState(0);
  const [lastShot, setLastShot] = useState<Blob | null>(null);
  const { start, stop } = camera;
  const open = useCallback(() => {
    setShots(0);
    setLastShot(null);
    setOpen(true);
    start();
  }, [start]);
  const close = () => {
    stop();
    setOpen(false);
    if (shots > 0) toast({ title: t('upload.photoSaved'), description: t('camera.shotsKept', { count: shots }) });
  };
  const openedOnce = useRef(false);
  useEffect(() => {
    if (!openAtOnce || openedOnce.current) return;
    openedOnce.current = true;
    open();
  }, [openAtOnce, open]);
  return {
    isOpen,
    open,
    close,
    shots,
    lastShot,
    counted: (photo: Blob) => {
      setShots((count) => count + 1);
      setLastShot(photo);
    },
  };
}

type CameraControl = 'start' | 'stop' | 'shutter' | 'flip';

/**
 * Keeps keyboard focus on the camera's controls as they come and go: Start Camera gives way to the
 * live controls, Flip restarts the preview (the controls leave for a moment), Stop brings Start
 * back. When focus was on a control that left, it lands on the one that takes its place (the
 * shutter after Start, Flip after a flip, Start after Stop), never on the page's top.
 */
function useCameraControlFocus(status: CameraStatus) {
  const elements = useRef(new Map<CameraControl, HTMLButtonElement>());
  const lastUsed = useRef<CameraControl | null>(null);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!focusLost || lastUsed.current === null) return;
    const next: CameraControl | null = status === 'live' ? (lastUsed.current === 'flip' ? 'flip' : 'shutter') : status === 'off' ? 'start' : null;
    if (next) elements.current.get(next)?.focus();
  }, [status]);
  return {
    focus: (control: CameraControl) => elements.current.get(control)?.focus(),
    props: (control: CameraControl) => ({
      ref: (element: HTMLButtonElement | null) => {
        if (element) elements.current.set(control, element);
        else elements.current.delete(control);
      },
      onFocus: () => {
        lastUsed.current = control;
      },
    }),
  };
}
