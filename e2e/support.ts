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

/** Registers through the UI and lands on the signed-in home. */
export async function registerThroughUi(page: Page, options: { email?: string; password?: string; businessName?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse';
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
