// spec §4, §9: starting the camera waits up to 20 tries at 100 ms each for the video to play.
import { CAMERA_START_TRIES, CAMERA_START_TRY_MS } from '@shared/rules';

export interface VideoLike {
  readyState: number;
  videoWidth: number;
  videoHeight: number;
}

const HAVE_CURRENT_DATA = 2;

/** The preview never played: named so the camera's toast can say it in the UI's language. */
export const PREVIEW_DID_NOT_START = 'CameraPreviewDidNotStartError';

export function isVideoPlaying(video: VideoLike): boolean {
  return video.readyState >= HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0;
}

export async function waitForVideoToPlay(
  video: VideoLike,
  { tries = CAMERA_START_TRIES, intervalMs = CAMERA_START_TRY_MS, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (isVideoPlaying(video)) return;
    await sleep(intervalMs);
  }
  if (isVideoPlaying(video)) return;
  throw Object.assign(new Error('The camera preview did not start. Please try again.'), { name: PREVIEW_DID_NOT_START });
}
