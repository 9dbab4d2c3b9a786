import { useEffect, useRef, useState } from 'react';
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
import type { GhostSource } from './ghost-source';

const ROUND = 'inline-flex size-14 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/30 backdrop-blur hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white';

/** Camera mode of the Add Photos card: Start Camera, capture, flip, stop. */
/** `ghost`: with After selected, the before photo to line the shot up with (issue 13). */
export function CameraPanel({ type, onCapture, ghost = null }: { type: PhotoType; onCapture: (photo: Blob, capturedAt: string) => void; ghost?: GhostSource | null }) {
  const { videoRef, status, facingMode, start, stop, flip } = useCamera();
  const [flash, setFlash] = useState(false);
  const label = photoTypeBadge(type);
  const controls = useCameraControlFocus(status);

  const capture = async () => {
    const video = videoRef.current;
    // The device clock at the shutter: the photo's proof of when it was taken (issue 13).
    const capturedAt = new Date().toISOString();
    try {
      if (!video) throw new Error('No camera preview');
      const photo = await captureVideoFrame(video);
      setFlash(true);
      setTimeout(() => setFlash(false), 150);
      onCapture(photo, capturedAt);
    } catch {
      toast(captureFailed());
    }
  };

  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label={t('camera.preview')}
          data-testid="camera-preview"
          className={cn('size-full object-cover', status === 'live' ? 'opacity-100' : 'opacity-0', facingMode === 'user' && '-scale-x-100')}
        />
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
            {type === 'after' && <GhostOverlay source={ghost} mirrored={facingMode === 'user'} />}
            <span className={cn('absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold tracking-wide text-white shadow', type === 'before' ? 'bg-amber-700' : 'bg-brand-700')}>{label}</span>
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
      {status !== 'live' && (
        <Button size="lg" className="mt-3 w-full" onClick={start} disabled={status === 'starting'} {...controls.props('start')}>
          <Camera className="size-5" aria-hidden="true" />
          {status === 'starting' ? t('camera.startingButton') : t('camera.start')}
        </Button>
      )}
    </div>
  );
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
