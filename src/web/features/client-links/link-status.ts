// How a client link reads in the owner's list: live, expired or revoked; when it ends;
// when the client last opened it.
import { t } from '../../lib/i18n/i18n';
import { formatDate, formatRelative } from '../../lib/format';
import type { ShareLink } from '@shared/contract/share-links';

export type LinkState = 'live' | 'expired' | 'revoked';

export function linkState(link: ShareLink, now: Date): LinkState {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'live';
}

const dateFormat = (iso: string) => formatDate(iso, 'medium');

export function expiryText(link: ShareLink, now: Date): string {
  switch (linkState(link, now)) {
    case 'revoked':
      return t('link.revokedOn', { date: dateFormat(link.revokedAt ?? link.expiresAt) });
    case 'expired':
      return t('link.expiredOn', { date: dateFormat(link.expiresAt) });
    default:
      return t('link.expiresOn', { date: dateFormat(link.expiresAt) });
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** 'Last opened 5 minutes ago', or that the client has not opened it yet. */
export function lastOpenedText(link: ShareLink, now: Date): string {
  if (!link.lastOpenedAt) return t('link.notOpened');
  const elapsed = now.getTime() - new Date(link.lastOpenedAt).getTime();
  if (elapsed < 60_000) return t('link.openedJustNow');
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? UNITS[UNITS.length - 1]!;
  return t('link.lastOpened', { when: formatRelative(-Math.floor(elapsed / size), unit) });
}
