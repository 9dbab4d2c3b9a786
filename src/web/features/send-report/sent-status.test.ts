import { describe, expect, it } from 'vitest';
import { sentStatusOf, shortEmail, smsHref, whatsAppHref } from './sent-status';

describe('sentStatusOf', () => {
  it('gives the newest email and the first open of its link', () => {
    const status = sentStatusOf([
      { type: 'link_opened', at: '2026-11-24T10:07:00Z', detail: { linkId: 4, device: 'phone', count: 2 } },
      { type: 'email_sent', at: '2026-11-24T10:02:00Z', detail: { to: 'jane@example.com', linkId: 4 } },
      { type: 'created', at: '2026-11-24T09:00:00Z', detail: {} },
    ]);
    expect(status).toEqual({ to: 'jane@example.com', sentAt: '2026-11-24T10:02:00Z', openedAt: '2026-11-24T10:07:00Z', device: 'phone' });
  });

  it('is null before any email, and has no open while the link is unopened', () => {
    expect(sentStatusOf([{ type: 'created', at: '2026-11-24T09:00:00Z', detail: {} }])).toBeNull();
    expect(sentStatusOf([{ type: 'email_sent', at: '2026-11-24T10:02:00Z', detail: { to: 'a@b.c', linkId: 1 } }])?.openedAt).toBeNull();
  });
});

describe('links', () => {
  it('shortens an address and carries the link in sms: and wa.me', () => {
    expect(shortEmail('jane@example.com')).toBe('jane@…');
    expect(smsHref('https://x.test/r/abc')).toBe('sms:?&body=https%3A%2F%2Fx.test%2Fr%2Fabc');
    expect(whatsAppHref('https://x.test/r/abc')).toBe('https://wa.me/?text=https%3A%2F%2Fx.test%2Fr%2Fabc');
  });
});
