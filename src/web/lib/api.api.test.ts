// The web's typed client against the real app: routes called by name, answers checked
// against the route table's schemas (tests run as development), and the one place that decides
// what a 401 and a 402 do.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test-support/test-app';
import { makePhotoJpeg } from '../../server/test-support/photo-fixtures';
import { installMemoryLocalStorage } from '../../server/test-support/memory-local-storage';
import { DAY_MS, TRIAL_DAYS } from '@shared/rules';
import { ACCESS_BLOCKED_WORDING } from '@shared/access-blocked';
import { api, setApiOrigin } from './api';
import { ApiError, clearAuthToken, isHandledByClient, setAuthToken } from './api-client';
import { queryClient } from './query-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './query-keys';
import { dismissToast, getToasts } from './toast';

let t: TestApp;
const assign = vi.fn();
beforeAll(async () => {
  t = await startTestApp();
  setApiOrigin(t.url);
  // Node has no browser storage or location; stand-ins with the same methods.
  installMemoryLocalStorage();
  globalThis.window = { location: { pathname: '/projects', search: '', assign } } as unknown as Window & typeof globalThis;
});
afterAll(async () => {
  setApiOrigin('');
  await t.close();
});
afterEach(() => {
  for (const item of getToasts()) dismissToast(item.id);
  t.clock.reset();
});

async function signIn(): Promise<void> {
  const email = `client-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await api.register({ body: { email, password: 'correct horse', confirmPassword: 'correct horse', businessName: 'Typed Client Co' } });
  const { authToken } = await api.login({ body: { email, password: 'correct horse' } });
  setAuthToken(authToken);
}

describe('the typed client', () => {
  it('calls routes by name with params, query and bodies (JSON and raw bytes), and reads the answers', async () => {
    await signIn();
    const created = await api.createProject({ body: { clientName: 'Harbour View', description: '' } });
    const photo = await api.addPhoto({
      params: { id: created.id },
      query: { type: 'before' },
      body: new Blob([new Uint8Array(await makePhotoJpeg(640, 480))], { type: 'image/jpeg' }),
    });
    const project = await api.getProject({ params: { id: created.id }, query: { images: 'url' } });
    expect(project).toMatchObject({ id: created.id, clientName: 'Harbour View', photos: [{ id: photo.id, type: 'before' }] });
    expect(project.photos[0]?.imageData).toBeUndefined();
    // A file answer comes back as the response itself.
    const thumbnail = await api.getPhotoThumbnail({ params: { id: photo.id } });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect((await api.listProjects({})).map((summary) => summary.id)).toContain(created.id);
  });

  it('on a 402, re-reads the status and says why in the catalogue’s words', async () => {
    await signIn();
    t.clock.advance((TRIAL_DAYS + 1) * DAY_MS);
    const error = await api.createProject({ body: { clientName: '', description: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect(isHandledByClient(error)).toBe(true);
    expect(queryClient.getQueryData(SUBSCRIPTION_STATUS_QUERY_KEY)).toMatchObject({ hasAccess: false, accessBlockedReason: 'trial_ended' });
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Upgrade to Pro', description: expect.stringContaining(ACCESS_BLOCKED_WORDING.trial_ended.headline) }),
    ]);
  });

  it('on a 401 from a signed-in route, says Unauthorized and signs in again; the user lookup and admin routes opt out', async () => {
    clearAuthToken();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const listing = await api.listProjects({}).catch((e: unknown) => e);
      expect(isHandledByClient(listing)).toBe(true);
      expect(getToasts().map((item) => item.title)).toEqual(['Unauthorized']);
      vi.advanceTimersByTime(500);
      expect(assign).toHaveBeenCalledWith('/auth');
    } finally {
      vi.useRealTimers();
    }
    for (const item of getToasts()) dismissToast(item.id);

    const lookup = await api.getUser(undefined, { on401: 'throw' }).catch((e: unknown) => e);
    const analytics = await api.getAdminAnalytics().catch((e: unknown) => e);
    expect([lookup, analytics].map((e) => [(e as ApiError).status, isHandledByClient(e)])).toEqual([
      [401, false],
      [401, false],
    ]);
    expect(getToasts()).toEqual([]);
  });
});
