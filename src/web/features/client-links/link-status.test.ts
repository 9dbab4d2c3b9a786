import { describe, expect, it } from 'vitest';
import type { ShareLink } from '@shared/contract/share-links';
import { expiryText, lastOpenedText, linkState } from './link-status';

const NOW = new Date('2026-03-10T12:00:00Z');
const link = (fields: Partial<ShareLink>): ShareLink => ({
  id: 1,
  token: 't',
  url: 'http://localhost/r/t',
  createdAt: '2026-03-01T12:00:00Z',
  expiresAt: '2026-03-15T12:00:00Z',
  lastOpenedAt: null,
  revokedAt: null,
  ...fields,
});

describe('a client link in the owner’s list', () => {
  it('is live until it expires, and revoked whatever its expiry', () => {
    expect(linkState(link({}), NOW)).toBe('live');
    expect(linkState(link({ expiresAt: '2026-03-10T12:00:00Z' }), NOW)).toBe('expired');
    expect(linkState(link({ revokedAt: '2026-03-02T12:00:00Z', expiresAt: '2026-03-01T13:00:00Z' }), NOW)).toBe('revoked');
  });

  it('says when it ends or ended', () => {
    expect(expiryText(link({}), NOW)).toMatch(/^Expires /);
    expect(expiryText(link({ expiresAt: '2026-03-09T12:00:00Z' }), NOW)).toMatch(/^Expired /);
    expect(expiryText(link({ revokedAt: '2026-03-02T12:00:00Z' }), NOW)).toMatch(/^Revoked /);
  });

  it('says when the client last opened it, in words', () => {
    expect(lastOpenedText(link({}), NOW)).toBe('Not opened yet');
    expect(lastOpenedText(link({ lastOpenedAt: '2026-03-10T11:59:30Z' }), NOW)).toBe('Last opened just now');
    expect(lastOpenedText(link({ lastOpenedAt: '2026-03-10T11:55:00Z' }), NOW)).toMatch(/^Last opened 5 minutes ago$/);
    expect(lastOpenedText(link({ lastOpenedAt: '2026-03-10T09:00:00Z' }), NOW)).toMatch(/^Last opened 3 hours ago$/);
    expect(lastOpenedText(link({ lastOpenedAt: '2026-03-09T10:00:00Z' }), NOW)).toMatch(/^Last opened yesterday$/);
    expect(lastOpenedText(link({ lastOpenedAt: '2026-03-06T10:00:00Z' }), NOW)).toMatch(/^Last opened 4 days ago$/);
  });
});
