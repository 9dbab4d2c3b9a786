// Which picture of a paired photo the client link page draws: the 320 px thumbnail or the stored
// JPEG (within 1024x768), chosen by the browser from a srcset so that nothing on screen is drawn
// from fewer pixels than it covers. Written once for the page and for the server's preload tag.
import type { SharedPhoto } from './contract/share-links.js';

/** How wide a pair's photo is drawn: the page less its margins (2rem), or one of two columns from 1024 px. */
export const SHARED_PHOTO_SIZES = '(min-width: 1024px) 484px, calc(100vw - 2rem)';

export function sharedPhotoSrcSet(photo: Pick<SharedPhoto, 'thumbnailUrl' | 'thumbnailWidth' | 'imageUrl' | 'width'>): string {
  return photo.width > photo.thumbnailWidth
    ? `${photo.thumbnailUrl} ${photo.thumbnailWidth}w, ${photo.imageUrl} ${photo.width}w`
    : `${photo.imageUrl} ${photo.width}w`;
}
