import { randomUUID } from 'node:crypto';

/** Every project photo lives under this folder of the photo store (logos and others live elsewhere). */
export const PROJECT_PHOTOS_PREFIX = 'projects/';

/** What a client sends with an answer on a link (a signature, an issue's photo): client-answers/{projectId}/. */
export const CLIENT_ANSWERS_PREFIX = 'client-answers/';

/** Fresh, unguessable keys for one photo and its thumbnail: projects/{projectId}/{uuid}.jpg|.thumb.webp */
export function newPhotoKeys(projectId: number): { storageKey: string; thumbnailKey: string } {
  const name = `${PROJECT_PHOTOS_PREFIX}${projectId}/${randomUUID()}`;
  return { storageKey: `${name}.jpg`, thumbnailKey: `${name}.thumb.webp` };
}

/** The project a photo-store key belongs to, or null for a key outside the project photos. */
export function projectIdOfKey(key: string): number | null {
  const match = /^projects\/(\d{1,10})\//.exec(key);
  return match ? Number(match[1]) : null;
}
