import type { RefObject } from 'react';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';
import type { CameraStatus, FacingMode } from './use-camera';

/** The live viewfinder: hidden until it plays, mirrored for the front camera (as a mirror would show it). */
export function CameraPreview({
  videoRef,
  status,
  facingMode,
  className,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  facingMode: FacingMode;
  className: string;
}) {
  const t = useT();
  return (
    <video
      ref={videoRef}
      playsInline
      muted
      aria-label={t('camera.preview')}
      data-testid="camera-preview"
      className={cn(className, status === 'live' ? 'opacity-100' : 'opacity-0', facingMode === 'user' && '-scale-x-100')}
    />
  );
}
