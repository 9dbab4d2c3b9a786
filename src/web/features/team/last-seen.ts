// When a member was last seen, as the team list says it: "5 minutes ago" within a week, then the date.
import { formatDate, formatRelative } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const WEEK_MS = 7 * 86_400_000;

export function lastSeenText(lastSeenAt: string | null, now: Date): string {
  if (!lastSeenAt) return t('team.member.neverSeen');
  const elapsed = now.getTime() - new Date(lastSeenAt).getTime();
  if (elapsed < 60_000) return t('team.member.seenJustNow');
  if (elapsed >= WEEK_MS) return t('team.member.lastSeen', { when: formatDate(lastSeenAt, 'medium') });
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? UNITS[UNITS.length - 1]!;
  return t('team.member.lastSeen', { when: formatRelative(-Math.floor(elapsed / size), unit) });
}
