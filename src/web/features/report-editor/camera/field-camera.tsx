// The field camera: on a phone the camera fills the screen. Inside the viewfinder: a large
// Before/After switch, the befores to pair with (After), the torch where the camera has one, a
// shot counter and the last shot's thumbnail (instead of a toast per shot). The spec's camera
// rules hold as in the card: Start Camera, the stop button (here the close button), the flip
// restart after 100 ms, the start tries and the error toasts (use-camera.ts).
import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Flashlight, FlashlightOff, SwitchCamera, X } from 'lucide-react';
import type { PhotoType } from '@shared/contract/projects';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { PhotoTypeSelector } from '../photo-type-selector';
import { useT } from '../../../lib/i18n/i18n';
import { photoTypeBadge } from '../../../lib/photo-type-label';
import type { CameraStatus, FacingMode } from './use-camera';
import { GhostOverlay } from './ghost-overlay';
import { CameraPreview } from './camera-preview';
import { BeforeStrip } from './before-strip';
import type { GhostCandidate, GhostChoices } from './ghost-source';
import { CameraRefusedHelp } from './camera-refused-help';

const ROUND =
  'inline-flex size-12 items-center justify-center rounded-full bg-black/40 text-white ring-1 ring-white/30 backdrop-blur hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export interface FieldCameraProps {
  open: boolean;
  onClose: () => void;
  /** The camera (use-camera.ts), passed piece by piece: its video ref is for the video alone. */
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  facingMode: FacingMode;
  torch: boolean | null;
  failure: unknown;
  onToggleTorch: () => void;
  onStart: () => void;
  onFlip: () => void;
  type: PhotoType;
  onTypeChange: (type: PhotoType) => void;
  onShutter: () => void;
  /** Photos taken since the camera opened, and the last one. */
  shots: number;
  lastShot: Blob | null;
  ghost: GhostChoices | null;
  ghostSelected: GhostCandidate | null;
  onGhostSelect: (key: string | null) => void;
  flash: boolean;
  /** A photo from the phone's own camera app (when this one is refused). */
  onNativePhoto: (file: File) => void;
  controlProps: (control: 'stop' | 'shutter' | 'flip') => object;
  /** The camera has closed: where keyboard focus goes. */
  onClosed: () => void;
  /** Above the Before/After switch: the area being captured and the way to the next (a report made from a template). */
  bar?: ReactNode;
}

export function FieldCamera({
  open,
  onClose,
  videoRef,
  status,
  facingMode,
  torch,
  failure,
  onToggleTorch,
  onStart,
  onFlip,
  type,
  onTypeChange,
  onShutter,
  shots,
  lastShot,
  ghost,
  ghostSelected,
  onGhostSelect,
  flash,
  onNativePhoto,
  controlProps,
  onClosed,
  bar,
}: FieldCameraProps) {
  const t = useT();
  useCameraOpenFlag(open);
  const label = photoTypeBadge(type);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="field-camera"
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none"
          // Focus stays where the cleaner's thumb is: on the shutter, not the close button.
          onOpenAutoFocus={(event) => event.preventDefault()}
          // Closed: focus goes back to Start Camera (it was disabled while the camera was open).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <RadixDialog.Title className="sr-only">{t('camera.fieldTitle')}</RadixDialog.Title>
          <div className="relative min-h-0 flex-1 overflow-hidden">
            <CameraPreview videoRef={videoRef} status={status} facingMode={facingMode} className="absolute inset-0 size-full object-cover" />
            {status === 'live' && type === 'after' && (
              <GhostOverlay source={ghostSelected?.source ?? null} mirrored={facingMode === 'user'} togglePlace="bottom-3 right-3 min-h-11" />
            )}
            {status === 'starting' && (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner label={t('camera.starting')} />
              </div>
            )}
            {status === 'off' && (
              <div className="absolute inset-0 flex items-center justify-center overflow-y-auto p-6">
                <CameraRefusedHelp failure={failure} onRetry={onStart} onPhoto={onNativePhoto} dark />
              </div>
            )}
            {flash && <div className="pointer-events-none absolute inset-0 bg-white/70" aria-hidden="true" />}

            <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-2 bg-gradient-to-b from-black/60 to-transparent px-4 pt-[max(0.75rem,env(safe-area-inset-top))] pb-6">
              <button type="button" onClick={onClose} aria-label={t('camera.stop')} className={ROUND} {...controlProps('stop')}>
                <X className="size-6" aria-hidden="true" />
              </button>
              <p className="rounded-full bg-black/50 px-3 py-1.5 text-sm font-semibold tabular-nums" aria-live="polite" data-testid="shot-counter">
                {t('camera.shots', { count: shots })}
              </p>
              {torch === null ? (
                <span className="size-12" aria-hidden="true" />
              ) : (
                <button
                  type="button"
                  onClick={onToggleTorch}
                  aria-pressed={torch}
                  aria-label={t('camera.torch')}
                  className={cn(ROUND, torch && 'bg-amber-400 text-slate-900 hover:bg-amber-300')}
                >
                  {torch ? <Flashlight className="size-6" aria-hidden="true" /> : <FlashlightOff className="size-6" aria-hidden="true" />}
                </button>
              )}
            </div>
          </div>

          <div className="space-y-3 bg-black px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {status === 'live' && type === 'after' && ghost && (
              <BeforeStrip candidates={ghost.candidates} selectedKey={ghostSelected?.key ?? null} onSelect={onGhostSelect} />
            )}
            {bar}
            <PhotoTypeSelector look="field" value={type} onChange={onTypeChange} />
            <div className="grid grid-cols-3 items-center">
              <LastShot shot={lastShot} />
              <div className="flex justify-center">
                <button
                  type="button"
                  onClick={onShutter}
                  disabled={status !== 'live'}
                  aria-label={t('camera.take', { type: label })}
                  className="inline-flex size-20 items-center justify-center rounded-full bg-white ring-4 ring-white/40 active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white disabled:opacity-40"
                  {...controlProps('shutter')}
                >
                  <span className={cn('size-16 rounded-full border-2 border-slate-900/10', type === 'before' ? 'bg-amber-500' : 'bg-brand-600')} />
                </button>
              </div>
              <div className="flex justify-end">
                <button
                  type="button"
                  onClick={onFlip}
                  disabled={status === 'off'}
                  aria-label={t('camera.flip')}
                  className={cn(ROUND, 'size-14')}
                  {...controlProps('flip')}
                >
                  <SwitchCamera className="size-7" aria-hidden="true" />
                </button>
              </div>
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function LastShot({ shot }: { shot: Blob | null }): ReactNode {
  const t = useT();
  const image = useRef<HTMLImageElement>(null);
  // The object URL lives exactly as long as this effect.
  useEffect(() => {
    if (!shot || !image.current) return;
    const url = URL.createObjectURL(shot);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [shot]);
  if (!shot) return <span />;
  return <img ref={image} alt={t('camera.lastShot')} data-testid="last-shot" className="aspect-[4/3] w-16 rounded-lg object-cover ring-2 ring-white/70" />;
}

/** While the full-screen camera is open, the page knows (the toasts move to the top, clear of the shutter). */
function useCameraOpenFlag(open: boolean) {
  useEffect(() => {
    if (!open) return;
    document.documentElement.dataset.cameraOpen = 'true';
    return () => void delete document.documentElement.dataset.cameraOpen;
  }, [open]);
}
