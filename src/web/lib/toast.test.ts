// spec §9: at most one toast is visible at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '@shared/rules';
import { dismissToast, getToasts, READABLE_TOAST_MS, toast, toastAfter, toastWhenReadable } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const item of getToasts()) dismissToast(item.id);
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows at most one toast: a new one replaces the one on screen', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'Photo Saved' });
    toast({ title: 'Password Mismatch', description: 'Passwords do not match', variant: 'destructive' });
    expect(getToasts().map((t) => t.title)).toEqual(['Password Mismatch']);
  });

  it('hides a toast by itself after a few seconds, and on dismiss', () => {
    const id = toast({ title: 'Welcome back!' });
    vi.advanceTimersByTime(3900);
    expect(getToasts().map((t) => t.id)).toEqual([id]);
    vi.advanceTimersByTime(200);
    expect(getToasts()).toEqual([]);

    const other = toast({ title: 'Reset Link Sent' });
    dismissToast(other);
    expect(getToasts()).toEqual([]);
  });

  it('lets a toast be read before a follow-up replaces it', () => {
    const generated = toast({ title: 'PDF Generated' });
    toastAfter(generated, { title: 'Export Complete' });
    expect(getToasts().map((t) => t.title)).toEqual(['PDF Generated']);
    vi.advanceTimersByTime(READABLE_TOAST_MS);
    expect(getToasts().map((t) => t.title)).toEqual(['Export Complete']);
  });

  it('shows the follow-up at once when the first toast is gone, and never over a newer one', () => {
    const first = toast({ title: 'PDF Generated' });
    dismissToast(first);
    toastAfter(first, { title: 'Export Complete' });
    expect(getToasts().map((t) => t.title)).toEqual(['Export Complete']);

    const second = toast({ title: 'PDF Generated' });
    toastAfter(second, { title: 'Export Complete' });
    toast({ title: 'Export Failed', variant: 'destructive' });
    vi.advanceTimersByTime(READABLE_TOAST_MS);
    expect(getToasts().map((t) => t.title)).toEqual(['Export Failed']);
  });

  it('lets news that can wait show at once on an empty screen, or after the toast on screen was read', () => {
    toastWhenReadable({ title: 'Camera Ready' });
    expect(getToasts().map((t) => t.title)).toEqual(['Camera Ready']);
    dismissToast(getToasts()[0]!.id);

    toast({ title: 'Report Created' });
    vi.advanceTimersByTime(500);
    toastWhenReadable({ title: 'Camera Ready' });
    expect(getToasts().map((t) => t.title)).toEqual(['Report Created']);
    vi.advanceTimersByTime(READABLE_TOAST_MS - 500);
    expect(getToasts().map((t) => t.title)).toEqual(['Camera Ready']);
  });
});
