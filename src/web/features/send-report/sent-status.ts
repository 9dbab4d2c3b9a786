// "Sent to jane@… 10:02 · Opened 10:07 on a phone": the newest email and the first open after it,
// read from the report's activity.
import type { ActivityEvent } from '@shared/contract/client-answers';

export interface SentStatus {
  to: string;
  sentAt: string;
  openedAt: string | null;
  device: 'phone' | 'computer' | null;
}

export function sentStatusOf(events: readonly ActivityEvent[]): SentStatus | null {
  const sent = events.find((event) => event.type === 'email_sent');
  if (!sent || typeof sent.detail.to !== 'string') return null;
  const opened = events.find((event) => event.type === 'link_opened' && event.detail.linkId === sent.detail.linkId);
  const device = opened?.detail.device;
  return {
    to: sent.detail.to,
    sentAt: sent.at,
    openedAt: opened?.at ?? null,
    device: device === 'phone' || device === 'computer' ? device : null,
  };
}

/** jane@example.com -> jane@… : enough to recognise, short enough for one line. */
export function shortEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email.slice(0, at + 1)}…` : email;
}

/** The sms: and WhatsApp addresses that carry the link; no server call. */
export const smsHref = (link: string) => `sms:?&body=${encodeURIComponent(link)}`;
export const whatsAppHref = (link: string) => `https://wa.me/?text=${encodeURIComponent(link)}`;
