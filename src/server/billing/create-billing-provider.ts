import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createUnavailableBillingProvider, type BillingProvider } from './billing-provider.js';
import { createSandboxBillingProvider } from './sandbox.js';
import { createStripeBillingProvider } from './stripe.js';

/** Stripe when its keys are set; else the sandbox unless BILLING_SANDBOX=false; else none. */
export function createBillingProvider(config: AppConfig, db: Database, clock: () => Date): BillingProvider {
  if (config.stripe) return createStripeBillingProvider(config.stripe);
  if (config.billingSandbox) return createSandboxBillingProvider(db, clock);
  return createUnavailableBillingProvider();
}
