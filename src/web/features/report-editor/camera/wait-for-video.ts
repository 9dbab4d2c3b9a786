// spec §4, §9: starting the camera waits up to 20 tries at 100 ms each for the video to play.
import { CAMERA_START_TRIES, CAMERA_START_TRY_MS } from '@shared/rules';

export interface VideoLike {
  readyState: number;
  videoWidth: number;
  videoHeight: number;
}

const HAVE_CURRENT_DATA = 2;

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
  throw new Error('The camera preview did not start. Please try again.');
}
