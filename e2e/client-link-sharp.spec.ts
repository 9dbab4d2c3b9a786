// The client's first look is sharp: on a phone (390x844 at 2 device pixels per CSS pixel) no photo
// of /r/{token} is drawn from fewer pixels than it covers, from the first paint, without a tap.
import { expect, test, type Page } from '@playwright/test';
import { PHONE, actAsNewVisitor, registerThroughUi } from './support';
import { makeJpeg } from './reports-support';

const SHOTS = 'test-results/client-link';

/** A report of two pairs of 1024x768 photos (the app's own capture size) and a link to it. */
async function linkToReport(page: Page, baseURL: string): Promise<string> {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/projects', { headers, data: { clientName: 'Sharp Client', description: 'Kitchen' } });
  const projectId = ((await created.json()) as { id: number }).id;
  for (const [index, hues] of [
    ['#b45309', '#0f766e'],
    ['#1d4ed8', '#be185d'],
  ].entries()) {
    const ids: number[] = [];
    for (const [typeIndex, type] of (['before', 'after'] as const).entries()) {
      const bytes = await makeJpeg({ width: 1024, height: 768, hue: hues[typeIndex]! });
      const upload = await page.request.post(`/api/projects/${projectId}/photos?type=${type}`, {
        headers: { ...headers, 'content-type': 'image/jpeg' },
        data: bytes,
      });
      expect(upload.status(), `pair ${index + 1} ${type}`).toBe(201);
      ids.push(((await upload.json()) as { id: number }).id);
    }
    expect(
      (await page.request.post(`/api/projects/${projectId}/photo-pairs`, { headers, data: { beforePhotoId: ids[0], afterPhotoId: ids[1] } })).status(),
    ).toBe(201);
  }
  const link = await page.request.post(`/api/projects/${projectId}/share-links`, { headers, data: {} });
  expect(link.status()).toBe(201);
  return ((await link.json()) as { url: string }).url;
}

test.use(PHONE);

test('on a phone, no photo of the client page is drawn wider than its pixels, before any tap', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  await registerThroughUi(page);
  const url = await linkToReport(page, baseURL!);

  const visitor = await (await browser.newContext({ ...PHONE, deviceScaleFactor: 2 })).newPage();
  await actAsNewVisitor(visitor);
  await visitor.goto(url);
  const photos = visitor.getByRole('img', { name: /photo, pair \d/ });
  await expect(photos).toHaveCount(4);
  await expect(photos.first()).toBeVisible();

  // Each image as drawn: its chosen file's own pixel width (decoded apart from the srcset, whose
  // naturalWidth is scaled by the density) against its drawn width in device pixels.
  const measure = () =>
    photos.evaluateAll(async (images: HTMLImageElement[]) =>
      Promise.all(
        images.map(async (image) => {
          await image.decode().catch(() => undefined);
          const file = new Image();
          file.src = image.currentSrc;
          await file.decode();
          const box = image.getBoundingClientRect();
          // object-contain: the photo is drawn at the box's width or its height times the photo's aspect.
          const drawn = Math.min(box.width, box.height * (file.naturalWidth / file.naturalHeight)) * window.devicePixelRatio;
          return { src: image.currentSrc, pixels: file.naturalWidth, drawn: Math.round(drawn) };
        }),
      ),
    );
  const first = await measure();
  expect(first.length).toBe(4);
  for (const image of first) expect(image.pixels, `${image.src} drawn ${image.drawn} device px wide`).toBeGreaterThanOrEqual(image.drawn);
  // The phone's 716 device pixels need the stored 1024 px photo, not the 320 px thumbnail.
  expect(first.every((image) => image.src.endsWith('/image'))).toBe(true);
  await visitor.screenshot({ path: `${SHOTS}/shared-page-sharp-phone.png` });
  await visitor.context().close();
});
