// spec §9: a captured photo is scaled to fit within 1024x768 and encoded as JPEG quality 0.6.
import { CAPTURE_JPEG_QUALITY } from '@shared/rules';
import { PHOTO_BOX } from '@shared/images';
import { canvasToJpeg, createScaledCanvas } from '../image-encoding';

export async function captureVideoFrame(video: HTMLVideoElement): Promise<Blob> {
  if (!video.videoWidth || !video.videoHeight) throw new Error('No video frame to capture');
  const canvas = createScaledCanvas(video, { width: video.videoWidth, height: video.videoHeight }, PHOTO_BOX);
  return canvasToJpeg(canvas, CAPTURE_JPEG_QUALITY);
}
