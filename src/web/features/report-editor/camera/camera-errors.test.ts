import { describe, expect, it } from 'vitest';
import { describeCameraError } from './camera-errors';

// getUserMedia rejects with DOMExceptions; Node has the same class.
const domError = (name: string, message = '') => new DOMException(message, name);

describe('describeCameraError (spec §8)', () => {
  it('names each camera failure by its error name', () => {
    expect(describeCameraError(domError('NotAllowedError'))).toMatchObject({
      title: 'Permission Denied',
      description: 'Camera permission was denied. Please allow camera access and try again.',
    });
    expect(describeCameraError(domError('NotFoundError'))).toMatchObject({ title: 'No Camera Found', description: 'No camera was found on your device.' });
    expect(describeCameraError(domError('NotReadableError'))).toMatchObject({
      title: 'Camera In Use',
      description: 'Camera is being used by another app. Please close other apps and try again.',
    });
    expect(describeCameraError(domError('OverconstrainedError'))).toMatchObject({ title: 'Camera Settings Issue' });
  });

  it('falls back to Camera Error with the browser message for anything else', () => {
    expect(describeCameraError(domError('AbortError', 'Starting videoinput failed'))).toMatchObject({
      title: 'Camera Error',
      description: 'Starting videoinput failed',
    });
    expect(describeCameraError('weird')).toMatchObject({ title: 'Camera Error' });
  });

  it("says the app's own failures with the catalogue's words (so in the UI's language), not a thrown message", async () => {
    const { waitForVideoToPlay } = await import('./wait-for-video');
    const neverPlays = { readyState: 0, videoWidth: 0, videoHeight: 0 };
    const timedOut = await waitForVideoToPlay(neverPlays, { tries: 1, sleep: async () => undefined }).catch((error: unknown) => error);
    expect(describeCameraError(timedOut)).toMatchObject({ title: 'Camera Error', description: 'The camera preview did not start. Please try again.' });
    expect(describeCameraError(new Error('The camera preview is not on screen'))).toMatchObject({
      title: 'Camera Error',
      description: 'The camera could not be started. Please try again.',
    });
  });

  it('shows every camera failure as a destructive toast', () => {
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'OverconstrainedError', 'TypeError'])
      expect(describeCameraError(domError(name)).variant).toBe('destructive');
  });
});
