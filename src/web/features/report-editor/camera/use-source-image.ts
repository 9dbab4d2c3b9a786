import { useEffect, useRef } from 'react';
import type { GhostSource } from './ghost-source';

/**
 * An <img> ref that shows a before photo still on this device from its bytes, by an object URL
 * that lives as long as the effect. Keyed by the bytes, not the queue's view of them: that view
 * is new at every upload progress report, and the picture would flicker. `remountKey` changes
 * when the caller puts a new <img> on screen.
 */
export function useSourceImage(source: GhostSource | null, remountKey?: unknown) {
  const image = useRef<HTMLImageElement>(null);
  const kept = source?.kind === 'kept' ? source.upload : null;
  const [keptBytes, keptType] = [kept?.bytes, kept?.mimeType];
  useEffect(() => {
    if (!keptBytes || !image.current) return;
    const url = URL.createObjectURL(new Blob([keptBytes], { type: keptType }));
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [keptBytes, keptType, remountKey]);
  return image;
}
