// Shared helpers for browser journeys.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** A phone (spec: mobile-first at 390x844) with touch and a mobile user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
} as const;

export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Expects the one visible toast to show this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

let addressCounter = 0;

/**
 * A client address of its own for this browser context, sent as a reverse proxy would
 * (X-Forwarded-For; the e2e server trusts loopback as its proxy): each account the tests make
 * is a different visitor, as in life, not 40 sign-ups from one address.
 */
export async function actAsNewVisitor(page: Page): Promise<void> {
  addressCounter += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${process.pid % 256}.${addressCounter % 256}` });
}

/** Registers through the UI and lands on the signed-in home. */
export async function registerThroughUi(page: Page, options: { email?: string; password?: string; businessName?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse';
  await actAsNewVisitor(page);
  await page.goto('/auth?mode=register');
  await page.getByLabel('Business name').fill(options.businessName ?? 'Sparkle Cleaning Co');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  return { email, password };
}

/** The newest mail in the outbox sent to this address. */
export async function readLatestMail(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = await fs.readFile(path.join(outbox, file), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} in ${outbox}`);
}

/**
 * Records every toast title the page shows, in order, even one replaced a moment later (at most
 * one toast is visible at a time, spec §9). Call before the page loads; read with `toastTitles`.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastTitles: string[] }).toastTitles = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]:not([data-recorded])')) {
        toast.setAttribute('data-recorded', '');
        seen.push(toast.querySelector('p')?.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function toastTitles(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastTitles: string[] }).toastTitles);
}

/**
 * The phone's share sheet is the browser's boundary: this stands in for it and records the files
 * (as base64) and links it is offered. Call before the page loads; read with `sharedFiles` and
 * `sharedUrls`.
 */
export async function recordShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { sharedFiles?: { name: string; type: string; base64: string }[]; sharedUrls?: string[] };
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data?: ShareData) => Boolean(data?.files?.length) });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data?: ShareData) => {
        if (data?.url) record.sharedUrls = [...(record.sharedUrls ?? []), data.url];
        record.sharedFiles = await Promise.all(
          (data?.files ?? []).map(async (file) => {
            const bytes = new Uint8Array(await file.arrayBuffer());
            let binary = '';
            for (const byte of bytes) binary += String.fromCharCode(byte);
            return { name: file.name, type: file.type, base64: btoa(binary) };
          }),
        );
      },
    });
  });
}

export async function sharedFiles(page: Page): Promise<{ name: string; type: string; bytes: Uint8Array }[]> {
  const files = await page.evaluate(() => (window as unknown as { sharedFiles?: { name: string; type: string; base64: string }[] }).sharedFiles ?? []);
  return files.map((file) => ({ name: file.name, type: file.type, bytes: new Uint8Array(Buffer.from(file.base64, 'base64')) }));
}

export function sharedUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { sharedUrls?: string[] }).sharedUrls ?? []);
}

/**
 * Answers the export's filename dialog (the app's own, spec §5): returns the default it offered,
 * types `answer` when given, then exports.
 */
export async function answerFilenameDialog(page: Page, answer?: string, screenshotPath?: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Save the PDF report as' });
  await expect(dialog).toBeVisible();
  if (screenshotPath) await page.screenshot({ path: screenshotPath });
  const field = dialog.getByLabel('File name');
  const offered = await field.inputValue();
  if (answer !== undefined) await field.fill(answer);
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  await expect(dialog).toBeHidden();
  return offered;
}

/** The service worker is active and controls the page (reloaded once): the app's files are there with no signal. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
