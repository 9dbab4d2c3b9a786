// Starts the process: reads config, opens database, photo store and mailer, builds the app, listens.
import 'dotenv/config';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createMailer } from './mail/mailer.js';
import { createPhotoStore } from './storage/create-photo-store.js';
import { resolveAdminPassword } from './admin/admin-password.js';
import { createBillingProvider } from './billing/create-billing-provider.js';

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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db') });
  const log = (line: string) => console.log(line);
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    photoStore: createPhotoStore(config),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    billing: createBillingProvider(config, database.db, () => new Date()),
    clock: () => new Date(),
    adminPassword: resolveAdminPassword(config.adminPassword, log),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log(`CleanProof is serving on ${config.appUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
