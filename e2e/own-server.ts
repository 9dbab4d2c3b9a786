// The real app for browser tests that need what the shared e2e server cannot give:
//   `tsx e2e/own-server.ts stripe`   Stripe mode, the official SDK pointed at the local Stripe
//                                    stand-in (Stripe's servers cannot be reached here);
//   `tsx e2e/own-server.ts sandbox`  sandbox mode.
// Commands on stdin, one per line, each answered on stdout:
//   `advance <ms>`                 moves its clock (trials and periods end without waiting days);
//                                  answers `clock <iso time>`
//   `clear-business-name <email>`  makes that account one from before business names were
//                                  required (no API can do this); answers `cleared <email>`
//                                  (or `failed <reason>`)
//   `confirm-setup <subscriptionId>`  Stripe mode: what Stripe.js's confirmSetup and Stripe then
//                                  do (Stripe.js cannot load here): the stand-in saves the card on
//                                  the trial's setup intent and the signed customer.subscription.updated
//                                  webhook is delivered; answers `confirmed <status>` (or `failed <reason>`)
// Listens on an ephemeral port and prints `listening <port>`.
import readline from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { createMailer } from '../src/server/mail/mailer.js';
import { createStripeBillingProvider } from '../src/server/billing/stripe.js';
import { createSandboxBillingProvider } from '../src/server/billing/sandbox.js';
import { createLocalFolderStore } from '../src/server/storage/local-folder-store.js';
import { STAND_IN_STRIPE_CONFIG, startStripeStandIn } from '../src/server/test-support/stripe-stand-in.js';
import { users } from '../src/server/db/schema.js';

const mode = process.argv[2] === 'stripe' ? 'stripe' : 'sandbox';
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-e2e-stripe-'));
const stripe = await startStripeStandIn();
const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'e2e-admin-password',
  ...(mode === 'stripe'
    ? {
        STRIPE_SECRET_KEY: STAND_IN_STRIPE_CONFIG.secretKey,
        STRIPE_PUBLISHABLE_KEY: STAND_IN_STRIPE_CONFIG.publishableKey,
        STRIPE_WEBHOOK_SECRET: STAND_IN_STRIPE_CONFIG.webhookSecret,
        STRIPE_PRICE_ID: STAND_IN_STRIPE_CONFIG.priceId,
      }
    : {}),
});
const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, argument = ''] = line.trim().split(/\s+/, 2);
  if (command === 'advance') {
    offsetMs += Number(argument);
    console.log(`clock ${clock().toISOString()}`);
  } else if (command === 'confirm-setup') {
    void (async () => {
      stripe.confirmSetupIntent(argument);
      const event = stripe.signedEvent('customer.subscription.updated', stripe.subscriptionJson(argument));
      const response = await app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        payload: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      });
      console.log(`confirmed ${response.statusCode}`);
    })().catch((error: unknown) => console.log(`failed ${String(error)}`));
  } else if (command === 'clear-business-name') {
    void database.db
      .update(users)
      .set({ businessName: null })
      .where(eq(sql`lower(${users.email})`, argument.toLowerCase()))
      .then(
        () => console.log(`cleared ${argument}`),
        (error: unknown) => console.log(`failed ${String(error)}`),
      );
  }
});
const app = await buildApp(
  {
    config,
    db: database.db,
    dbKind: database.kind,
    dbLocks: database.locks,
    photoStore: createLocalFolderStore(path.join(dataDir, 'photos')),
    mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox'), log: () => undefined }),
    billing: mode === 'stripe' ? createStripeBillingProvider(STAND_IN_STRIPE_CONFIG, stripe.endpoint) : createSandboxBillingProvider(database.db, clock),
    clock,
    adminPassword: 'e2e-admin-password',
  },
  { logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);

const shutdown = async () => {
  await app.close();
  await database.close();
  await stripe.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
