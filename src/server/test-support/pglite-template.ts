// A migrated PGlite data folder made once per test run (pglite-template.global.ts), copied where a
// test app's database goes. Without the template (benches, a single file run outside Vitest) the
// app makes its database from scratch, as in production.
import fs from 'node:fs/promises';

export const PGLITE_TEMPLATE_ENV = 'CLEANPROOF_TEST_PGLITE_TEMPLATE';

/**
 * Copies the run's migrated template to `dataDir` when there is one and `dataDir` holds no database
 * yet (a restored backup keeps its own); the migrations then find nothing to do.
 */
export async function seedFromPgliteTemplate(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || (await exists(dataDir))) return;
  await fs.cp(template, dataDir, { recursive: true });
}

async function exists(target: string): Promise<boolean> {
  return fs.access(target).then(
    () => true,
    () => false,
  );
}
