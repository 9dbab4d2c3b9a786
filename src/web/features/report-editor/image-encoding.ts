// Drawing a frame or a file into a canvas within the stored box, and encoding it as JPEG.
import { fitWithinBox, type Size } from '@shared/images';

export function createScaledCanvas(source: CanvasImageSource, sourceSize: Size, box: Size): HTMLCanvasElement {
  const size = fitWithinBox(sourceSize, box);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality);
  });
}
