// spec §8: every camera error has its own toast, chosen by the error's name.
import type { ToastInput } from '../../../lib/toast';
import { t } from '../../../lib/i18n/i18n';
import { PREVIEW_DID_NOT_START } from './wait-for-video';

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
    case PREVIEW_DID_NOT_START:
      return { title: t('camera.error'), description: t('camera.previewDidNotStart'), variant: 'destructive' };
    default: {
      // The browser's own words (a DOMException, a TypeError) are in the browser's language; a
      // plain Error is this app's own, and ours follow the app's language.
      const fromBrowser = error instanceof Error && error.name !== 'Error' && error.message;
      const message = fromBrowser ? error.message : t('camera.startFailed');
      return { title: t('camera.error'), description: message, variant: 'destructive' };
    }
  }
}
