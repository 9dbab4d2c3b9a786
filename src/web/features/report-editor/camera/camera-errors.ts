// spec §8: every camera error has its own toast, chosen by the error's name.
import type { ToastInput } from '../../../lib/toast';
import { t } from '../../../lib/i18n/i18n';

export const cameraNotSupported = (): ToastInput => ({ title: t('camera.notSupported'), description: t('camera.notSupportedText'), variant: 'destructive' });

export const captureFailed = (): ToastInput => ({ title: t('camera.captureError'), description: t('camera.captureFailed'), variant: 'destructive' });

/** The toast for an error thrown while starting the camera. */
export function describeCameraError(error: unknown): ToastInput {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return { title: t('camera.permissionDenied'), description: t('camera.permissionDeniedText'), variant: 'destructive' };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return { title: t('camera.notFound'), description: t('camera.notFoundText'), variant: 'destructive' };
    case 'NotReadableError':
    case 'TrackStartError':
      return { title: t('camera.inUse'), description: t('camera.inUseText'), variant: 'destructive' };
    case 'OverconstrainedError':
      return { title: t('camera.settings'), description: t('camera.settingsText'), variant: 'destructive' };
    default: {
      // The browser's own words are in the browser's language; ours follow the app's.
      const message = error instanceof Error && error.message ? error.message : t('camera.startFailed');
      return { title: t('camera.error'), description: message, variant: 'destructive' };
    }
  }
}
