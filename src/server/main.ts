// Starts the process: reads config, opens database, photo store and mailer, builds the app, listens;
// on SIGTERM drains (readiness 503 at once, in-flight requests finish) and exits.
import 'dotenv/config';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { buildApp } from './app.js';
import { createMailer } from './mail/mailer.js';
import { createPhotoStore } from './storage/create-photo-store.js';
import { resolveAdminPassword } from './admin/admin-password.js';
import { createBillingProvider } from './billing/create-billing-provider.js';
import { serverBackupSupport } from './backup/server-backup-support.js';
import { holdDeletionsDuringBackups } from './backup/guarded-photo-store.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db'), poolSize: config.databasePoolMax });
  const log = (line: string) => console.log(line);
  const backups = serverBackupSupport(database, config.dataDir);
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    dbLocks: database.locks,
    photoStore: holdDeletionsDuringBackups(createPhotoStore(config), backups.gate),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    billing: createBillingProvider(config, database.db, () => new Date()),
    clock: () => new Date(),
    adminPassword: resolveAdminPassword(config.adminPassword, log),
  });
  for (const warning of config.warnings) app.log.warn(warning);
  const stopBackups = await backups.start((message, error) => app.log.error({ err: error }, message));
  app.addHook('onClose', stopBackups);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    await drainAndClose(app, database, config.shutdownTimeoutMs, signal);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log(`CleanProof is serving on ${config.appUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'})`);
}

/**
 * Graceful shutdown: readiness turns 503 at once, the server stops taking connections,
 * requests in flight finish; whatever is still open after `timeoutMs` is cut, then the database
 * closes. A cut upload is not lost: the app keeps the photo on the phone and sends it again.
 */
async function drainAndClose(app: FastifyInstance, database: DatabaseHandle, timeoutMs: number, signal: string): Promise<void> {
  app.readiness.startDraining();
  app.log.info(`${signal} received: draining (up to ${timeoutMs} ms for requests in flight)`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const closed = app.close();
  const outcome = await Promise.race([closed.then(() => 'closed' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    app.log.warn(`requests still in flight after ${timeoutMs} ms: closing their connections`);
    app.server.closeAllConnections();
    // The close hooks (a periodic task finishing its run) still get a moment.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
