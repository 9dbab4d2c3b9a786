// Starts the real app over real HTTP for API tests, against PGlite (default) or a fresh
// PostgreSQL database per test file (TEST_DATABASE=postgres; TEST_POSTGRES_URL to point elsewhere),
// with photos in DATA_DIR/photos (default) or in a bucket on an S3 API server of its own
// (TEST_PHOTO_STORE=s3, `npm run test:s3`).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from './postgres-database.js';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { createPhotoStore } from '../storage/create-photo-store.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { startS3Server } from './s3-server.js';
import { createBillingProvider } from '../billing/create-billing-provider.js';
import { TestClient, type TestClientOptions } from './test-client.js';
import { serverBackupSupport } from '../backup/server-backup-support.js';
import { holdDeletionsDuringBackups } from '../backup/guarded-photo-store.js';
import { seedFromPgliteTemplate } from './pglite-template.js';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
export const testPhotoStoreKind = process.env.TEST_PHOTO_STORE === 's3' ? 's3' : 'folder';

export interface TestApp {
  app: FastifyInstance;
  url: string;
  db: Database;
  config: AppConfig;
  dataDir: string;
  deps: AppDeps;
  /** Moves the app's clock; `clock.set(date)`, `clock.advance(ms)`, `clock.reset()`. */
  clock: { set(date: Date): void; advance(ms: number): void; reset(): void };
  /** A new client at its own address (see TestClient); `{ address }` to share one. */
  client(options?: TestClientOptions): TestClient;
  /** Raw SQL for assertions: `await t.query<{ n: number }>(sql\`select count(*)::int as n from users\`)`. */
  query<T>(statement: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Replace or add dependencies (e.g. a billing provider pointed at a fake Stripe). */
  deps?: Partial<AppDeps>;
  /**
   * Runs before the app starts, with the configured photo store: to put files there first, or to
   * return a wrapped store (one that fails or races a put). The app uses what it returns.
   */
  preparePhotoStore?: (store: PhotoStore) => Promise<PhotoStore>;
  /** Starts the app's clock this far ahead of the wall clock (files already stored are that much older). */
  clockOffsetMs?: number;
  /** Receives the app's log lines (JSON, one per line) at LOG_LEVEL; without it nothing is logged. */
  logStream?: NodeJS.WritableStream;
  /** Redis key prefix of the rate limits (with REDIS_URL); by default each app gets its own. */
  rateLimitKeyPrefix?: string;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-test-'));
  const postgres = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
  const s3 = testPhotoStoreKind === 's3' ? await startS3Server() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // Clients reach the app through a trusted proxy on loopback, each at its own address (TestClient).
    TRUST_PROXY: '127.0.0.1',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...s3?.env,
    ...options.env,
  });
  // config.dataDir: DATA_DIR in options.env starts the app on a folder that already holds data (a restored backup).
  const pgliteDataDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl) await seedFromPgliteTemplate(pgliteDataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir });
  const backups = serverBackupSupport(database, config.dataDir);

  let offsetMs = options.clockOffsetMs ?? 0;
  let fixed: Date | undefined;
  const clock = {
    set(date: Date) {
      fixed = date;
    },
    advance(ms: number) {
      if (fixed) fixed = new Date(fixed.getTime() + ms);
      else offsetMs += ms;
    },
    reset() {
      fixed = undefined;
      offsetMs = 0;
    },
  };

  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    dbLocks: database.locks,
    photoStore: holdDeletionsDuringBackups(
      options.preparePhotoStore ? await options.preparePhotoStore(createPhotoStore(config)) : createPhotoStore(config),
      backups.gate,
    ),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox'), log: () => undefined }),
    clock: () => fixed ?? new Date(Date.now() + offsetMs),
    billing: createBillingProvider(config, database.db, () => fixed ?? new Date(Date.now() + offsetMs)),
    adminPassword: TEST_ADMIN_PASSWORD,
    ...options.deps,
  };
  const app = await buildApp(deps, {
    logger: options.logStream ? { stream: options.logStream } : false,
    serveWeb: false,
    checkResponses: true,
    rateLimitKeyPrefix: options.rateLimitKeyPrefix ?? `cleanproof-test:${randomUUID()}:`,
  });
  const stopBackups = await backups.start(() => undefined);
  app.addHook('onClose', stopBackups);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Test app has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    app,
    url,
    db: database.db,
    config,
    dataDir,
    deps,
    clock,
    client: (clientOptions?: TestClientOptions) => new TestClient(url, clientOptions),
    async query<T>(statement: SQL) {
      const result = (await database.db.execute(statement)) as unknown as { rows: T[] };
      return result.rows;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      await s3?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
