// The field camera on a phone when the camera is refused: the spec's toast, then a panel that
// stays, says how to allow the camera and offers the phone's own camera app, whose photo is kept.
import { expect, test } from '@playwright/test';
import { PHONE, expectToast, registerThroughUi } from './support';
import { makeJpeg } from './reports-support';

test.describe.configure({ timeout: 120_000 });
test.use(PHONE);

test('a refused camera explains how to allow it and takes a photo from the phone’s own camera instead', async ({ page }) => {
  // As when the cleaner tapped Block on the browser's camera prompt.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Create First Report' }).click();
  const camera = page.getByTestId('field-camera');
  await expect(camera).toBeVisible();
  await expectToast(page, 'Permission Denied', 'Camera permission was denied. Please allow camera access and try again.');
  const help = camera.getByTestId('camera-refused-help');
  await expect(help).toContainText('The camera is blocked for this site');
  await expect(help).toContainText('Set Camera to Allow');
  await expect(help.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(help.getByTestId('native-camera-input')).toHaveAttribute('capture', 'environment');
  await page.screenshot({ path: 'test-results/field-camera-screens/camera-refused-phone.png' });

  await help
    .getByTestId('native-camera-input')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 1200, height: 900, hue: '#0ea5e9' }) });
  await expect(page.getByTestId('unpaired-photo')).toHaveCount(1);
  await camera.getByRole('button', { name: 'Stop Camera' }).click();
  await expect(camera).toBeHidden();
  // The card keeps the way on too.
  await expect(page.getByTestId('camera-refused-help')).toBeVisible();
});
