// Bulk import: six camera-roll photos chosen at once (a phone) or dropped (a desktop) are sorted
// by their EXIF capture time, the earlier half proposed as befores and the later as afters, and
// paired by time as they are stored; one progress line for the batch, not a toast per file.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, registerThroughUi } from './support';
import { makeJpeg } from './reports-support';

test.describe.configure({ timeout: 180_000 });

/** A JPEG whose EXIF says when it was taken (DateTimeOriginal with its zone). */
async function jpegTakenAt(taken: Date, hue: string): Promise<Buffer> {
  const exifTime = taken.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
  return sharp(await makeJpeg({ width: 800, height: 600, hue }))
    .withExif({ IFD0: { Make: 'FieldCam' }, IFD2: { DateTimeOriginal: exifTime, OffsetTimeOriginal: '+00:00' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Six photos of one job: three befores an hour apart from three afters, in a shuffled order. */
async function sixPhotos() {
  const start = Date.now() - 3 * 60 * 60 * 1000;
  const minutes = [0, 5, 10, 70, 75, 80];
  const files = await Promise.all(
    minutes.map(async (minute, index) => ({
      name: `IMG_${1000 + index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await jpegTakenAt(new Date(start + minute * 60_000), ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#ef4444', '#eab308'][index]!),
    })),
  );
  const shuffled = [files[4]!, files[0]!, files[5]!, files[2]!, files[1]!, files[3]!];
  return { files, shuffled, takenAt: minutes.map((minute) => new Date(start + minute * 60_000).toISOString().slice(0, 19)) };
}

async function reportFor(page: Page, baseURL: string): Promise<number> {
  await registerThroughUi(page);
  const created = await page.request.post('/api/projects', { headers: { origin: baseURL }, data: { clientName: 'Camera Roll' } });
  const projectId = ((await created.json()) as { id: number }).id;
  await page.goto(`/?project=${projectId}`);
  return projectId;
}

interface Stored {
  photos: Array<{ id: number; type: string; capturedAt: string | null }>;
  photoPairs: Array<{ beforePhotoId: number; afterPhotoId: number }>;
}

/** Each pair as [before's capture time, after's capture time] (to the second). */
async function pairsByTime(page: Page, projectId: number): Promise<string[][]> {
  const report = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as Stored;
  const timeOf = (id: number) => report.photos.find((photo) => photo.id === id)?.capturedAt?.slice(0, 19) ?? '';
  return report.photoPairs.map((pair) => [timeOf(pair.beforePhotoId), timeOf(pair.afterPhotoId)]);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('six files chosen at once are sorted by EXIF time, halves proposed, one swapped and back, then paired by time', async ({ page, baseURL }) => {
    const projectId = await reportFor(page, baseURL!);
    const { shuffled, takenAt } = await sixPhotos();
    await page.getByRole('tab', { name: 'Upload' }).click();
    const photoPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/projects\/\d+\/photos/.test(request.url())) photoPosts.push(request.url());
    });
    await page.getByTestId('photo-file-input').setInputFiles(shuffled);

    const review = page.getByTestId('bulk-import');
    await expect(review.getByRole('heading', { name: '6 photos to import' })).toBeVisible();
    const labels = review.getByRole('button', { name: /^Photo \d: (BEFORE|AFTER)\. Swap$/ });
    await expect(labels).toHaveText(['BEFORE', 'BEFORE', 'BEFORE', 'AFTER', 'AFTER', 'AFTER']);
    // In the order taken (the EXIF times), whatever the order chosen.
    expect(await review.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
      ['IMG_1000.jpg', 'IMG_1001.jpg', 'IMG_1002.jpg', 'IMG_1003.jpg', 'IMG_1004.jpg', 'IMG_1005.jpg'].map((name) => `Photo ${name}`),
    );
    // One tap swaps a proposal; another puts it back.
    await review.getByRole('button', { name: 'Photo 3: BEFORE. Swap' }).click();
    await expect(labels.nth(2)).toHaveText('AFTER');
    await review.getByRole('button', { name: 'Photo 3: AFTER. Swap' }).click();
    await expect(labels.nth(2)).toHaveText('BEFORE');
    await page.screenshot({ path: 'test-results/bulk-screens/bulk-review-phone.png' });

    await review.getByRole('button', { name: 'Import 6 photos' }).click();
    await expect(page.getByTestId('bulk-progress')).toContainText('6 photos uploaded and paired by time.', { timeout: 60_000 });
    // No toast per file.
    await expect(page.getByTestId('toast').filter({ hasText: 'Photo Uploaded' })).toHaveCount(0);
    expect(photoPosts).toHaveLength(6);
    await expect(page.getByTestId('photo-pair')).toHaveCount(3);
    expect(await pairsByTime(page, projectId)).toEqual([
      [takenAt[0], takenAt[3]],
      [takenAt[1], takenAt[4]],
      [takenAt[2], takenAt[5]],
    ]);
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('photos dropped on the upload area are imported the same way; one file still takes the single path', async ({ page, baseURL }) => {
    const projectId = await reportFor(page, baseURL!);
    const { files } = await sixPhotos();
    const dropped = [files[3]!, files[0]!];
    const transfer = await page.evaluateHandle(
      (entries) => {
        const data = new DataTransfer();
        for (const entry of entries) data.items.add(new File([new Uint8Array(entry.bytes)], entry.name, { type: 'image/jpeg' }));
        return data;
      },
      dropped.map((file) => ({ name: file.name, bytes: [...file.buffer] })),
    );
    const zone = page.getByTestId('photo-drop-zone');
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    const review = page.getByTestId('bulk-import');
    await expect(review.getByRole('button', { name: /Swap$/ })).toHaveText(['BEFORE', 'AFTER']);
    await review.getByRole('button', { name: 'Import 2 photos' }).click();
    await expect(page.getByTestId('bulk-progress')).toContainText('2 photos uploaded and paired by time.', { timeout: 60_000 });
    await expect(page.getByTestId('photo-pair')).toHaveCount(1);
    expect(await pairsByTime(page, projectId)).toHaveLength(1);

    // The spec's single-file path is unchanged: pending, Save as BEFORE.
    await page.getByTestId('photo-file-input').setInputFiles(files[5]!);
    await expect(page.getByRole('img', { name: 'The chosen photo, not saved yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Save as BEFORE' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Photo Uploaded' })).toBeVisible();
    await expect(page.getByTestId('unpaired-photo')).toHaveCount(1);
  });
});
