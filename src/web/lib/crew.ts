// Who took a photo, as the crew's screens show it (issue 24).
import type { User } from '@shared/contract/auth';
import type { Photo } from '@shared/contract/projects';

/**
 * Whether a report's photos are named by their takers: always for a crew member, and for an owner
 * once someone else took one. A business of one (an owner whose photos are all their own) sees no
 * names, as the server's PDF prints none for it.
 */
export function namesPhotoTakers(user: Pick<User, 'id' | 'role'> | null | undefined, photos: readonly Pick<Photo, 'takenBy'>[]): boolean {
  if (!user) return false;
  return user.role !== 'owner' || photos.some((photo) => photo.takenBy !== null && photo.takenBy.id !== user.id);
}

/** "Ana María López" → "AL"; "luis" → "L": the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
