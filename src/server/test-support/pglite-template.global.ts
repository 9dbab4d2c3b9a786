// Vitest global set-up of the API tests on PGlite: one migrated PGlite data folder for the whole
// run, copied for each test app (test-app.ts) instead of a fresh initdb and every migration per app.
// A copy opens in well under a second; a fresh database takes ~3 s on an idle 2-core machine.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.js';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE === 'postgres') return undefined;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-pglite-template-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dir, 'db') });
  await database.close();
  // Workers start after the global set-up and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = path.join(dir, 'db');
  return () => fs.rm(dir, { recursive: true, force: true });
}
