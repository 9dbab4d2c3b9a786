import { describe, expect, it } from 'vitest';
import { waitForVideoToPlay } from './wait-for-video';

/** A video that starts delivering frames after `readyAfterSleeps` waits. */
function videoStartingAfter(readyAfterSleeps: number) {
  const video = { readyState: 0, videoWidth: 0, videoHeight: 0 };
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    if (waits.length >= readyAfterSleeps) Object.assign(video, { readyState: 4, videoWidth: 1280, videoHeight: 720 });
  };
  return { video, waits, sleep };
}

describe('waitForVideoToPlay (spec §9: up to 20 tries at 100 ms)', () => {
  it('returns at once when the video already plays', async () => {
    const { video, waits, sleep } = videoStartingAfter(0);
    Object.assign(video, { readyState: 4, videoWidth: 640, videoHeight: 480 });
    await waitForVideoToPlay(video, { sleep });
    expect(waits).toEqual([]);
  });

  it('polls every 100 ms until the first frame arrives', async () => {
    const { video, waits, sleep } = videoStartingAfter(3);
    await waitForVideoToPlay(video, { sleep });
    expect(waits).toEqual([100, 100, 100]);
  });

  it('gives up after 20 tries', async () => {
    const { video, waits, sleep } = videoStartingAfter(Number.POSITIVE_INFINITY);
    await expect(waitForVideoToPlay(video, { sleep })).rejects.toThrow('did not start');
    expect(waits).toHaveLength(20);
  });

  it('accepts a video that starts on the very last wait', async () => {
    const { video, sleep } = videoStartingAfter(20);
    await expect(waitForVideoToPlay(video, { sleep })).resolves.toBeUndefined();
  });
});
