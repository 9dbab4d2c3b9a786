// Thumbnails first, full photos on demand (issue 14): a comparison shows the 320 px thumbnails at
// once, and swaps in the stored photos once the reader starts using the page (a tap, a key, a
// scroll) and the comparison is on screen, decoded first so nothing flickers. Someone who only
// glances at a 50-pair report downloads a few hundred kilobytes, not the whole report; and the
// page's largest paint is the thumbnail that arrives with it, not a photo fetched seconds later.
import { useEffect, useState, type RefObject } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

let firstInteraction: Promise<void> | undefined;

/** Resolves at the reader's first tap, key, wheel or scroll on the page. */
function whenReaderInteracts(): Promise<void> {
  firstInteraction ??= new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return firstInteraction;
}

export function useFullResolution(target: RefObject<Element | null>, fullUrls: readonly string[]): boolean {
  const [isFull, setFull] = useState(false);
  const key = fullUrls.join(' ');

  useEffect(() => {
    const element = target.current;
    if (isFull || !element) return;
    let cancelled = false;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void Promise.all(key.split(' ').map(decodeImage)).then(
        () => !cancelled && setFull(true),
        // A photo that fails to load keeps its thumbnail.
        () => undefined,
      );
    });
    void whenReaderInteracts().then(() => !cancelled && observer.observe(element));
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [target, key, isFull]);

  return isFull;
}

function decodeImage(url: string): Promise<void> {
  const image = new Image();
  image.src = url;
  return image.decode();
}
