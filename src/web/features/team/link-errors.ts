// What a link's page shows for the server's refusal: an unknown link (404) or one that can no
// longer be used (410: used, revoked, expired), by the error code the server sent.
import { ApiError } from '../../lib/api-client';

export type LinkRefusal = 'unknown' | 'used' | 'revoked' | 'expired' | 'gone';

export function linkRefusalOf(error: unknown): LinkRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'unknown';
  if (error.status !== 410) return null;
  switch (error.serverCode) {
    case 'invite_used':
      return 'used';
    case 'invite_revoked':
      return 'revoked';
    case 'invite_expired':
      return 'expired';
    default:
      return 'gone';
  }
}
