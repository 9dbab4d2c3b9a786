// The paid-action gate: creating reports, adding photos and exporting need hasAccess.
// Callers: projects (create), photos (add), report PDF (export). Existing reports stay viewable
// and deletable, so nothing else calls this.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { BillingMode, SubscriptionStatus } from '../../shared/contract/billing.js';
import type { Database } from '../db/client.js';
import { subscriptions, type SubscriptionRow } from '../db/schema.js';
import { paymentRequired } from '../lib/http-errors.js';
import type { SignedInUser } from '../lib/add-route.js';
import { computeSubscriptionStatus } from './subscription-status.js';

export async function findSubscription(db: Database, userId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The business's status now, by the app's clock (tests move it), under the billing mode in force.
 * A member's trial fields are the business's (auth/members.ts).
 */
export async function loadSubscriptionStatus(db: Database, user: SignedInUser, now: Date, billingMode: BillingMode): Promise<SubscriptionStatus> {
  return computeSubscriptionStatus(user, await findSubscription(db, user.accountId), now, billingMode);
}

/** Throws a 402 with a message a person can act on when the member's business has no access to paid actions. */
export async function requireActiveAccess(request: FastifyRequest, user: SignedInUser): Promise<void> {
  const { db, clock, billing } = request.server.deps;
  const status = await loadSubscriptionStatus(db, user, clock(), billing.mode);
  if (status.hasAccess) return;
  throw paymentRequired(status.accessBlockedReason ?? 'trial_ended');
}
