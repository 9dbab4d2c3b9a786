// Shots taken in the full-screen camera: its counter and last-shot thumbnail say each was taken,
// so the upload runner shows no toast per photo for them (one 'Photo Saved' when the camera closes).
// In memory: after a reload, a photo still waiting is told of as usual when it goes.
const counted = new Set<string>();

export function markShotCounted(uploadId: string): void {
  counted.add(uploadId);
}

export function isShotCounted(uploadId: string): boolean {
  return counted.has(uploadId);
}
