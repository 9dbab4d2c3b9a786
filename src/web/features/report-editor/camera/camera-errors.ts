// spec §8: every camera error has its own toast, chosen by the error's name.
import type { ToastInput } from '../../../lib/toast';

export const CAMERA_NOT_SUPPORTED: ToastInput = {
  title: 'Camera Not Supported',
  description: 'This browser cannot use the camera. Choose Upload to add photos from your files.',
  variant: 'destructive',
};

export const CAPTURE_FAILED: ToastInput = { title: 'Capture Error', description: 'Failed to capture photo', variant: 'destructive' };

/** The toast for an error thrown while starting the camera. */
export function describeCameraError(error: unknown): ToastInput {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return { title: 'Permission Denied', description: 'Camera permission was denied. Please allow camera access and try again.', variant: 'destructive' };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return { title: 'No Camera Found', description: 'No camera was found on your device.', variant: 'destructive' };
    case 'NotReadableError':
    case 'TrackStartError':
      return { title: 'Camera In Use', description: 'Camera is being used by another app. Please close other apps and try again.', variant: 'destructive' };
    case 'OverconstrainedError':
      return { title: 'Camera Settings Issue', description: 'This camera does not support the requested settings. Try flipping to the other camera.', variant: 'destructive' };
    default: {
      const message = error instanceof Error && error.message ? error.message : 'The camera could not be started. Please try again.';
      return { title: 'Camera Error', description: message, variant: 'destructive' };
    }
  }
}
