// The one code path that changes the app's subscription mirror. A paid Stripe invoice (verified
// webhook) and the sandbox's Pay button both arrive here as a BillingEvent; the subscription is
// then re-read from the provider rather than trusted from the event (documenso's rule).
import { eq } from 'drizzle-orm';
import { isUniqueViolation, type Database } from '../db/client.js';
import { billingEvents, subscriptions, users } from '../db/schema.js';
import type { BillingEvent, BillingProvider, ProviderSubscription } from './billing-provider.js';

/** The events that can change what a user may do. */
export const HANDLED_EVENT_TYPES = new Set(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted']);

/** Ended for good: such a subscription never replaces the one a user holds now. */
const TERMINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Processes a verified event once: its id is recorded in the same transaction that applies the
 * re-read subscription, so a replay changes nothing and a crash half-way leaves the event
 * unrecorded (the provider delivers it again).
 */
export async function processBillingEvent(db: Database, provider: BillingProvider, event: BillingEvent): Promise<EventOutcome> {
  if (!event.subscriptionId || !HANDLED_EVENT_TYPES.has(event.type)) return 'ignored';
  const [seen] = await db.select({ eventId: billingEvents.eventId }).from(billingEvents).where(eq(billingEvents.eventId, event.id)).limit(1);
  if (seen) return 'duplicate';

  // Network call outside the transaction: PGlite has one connection, so a transaction waiting
  // on Stripe would hold up every other request.
  const fresh = await provider.retrieveSubscription(event.subscriptionId);
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(billingEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    if (fresh) await syncSubscription(tx as unknown as Database, provider.mode, fresh);
    return 'applied';
  });
}

/** Mirrors the provider's subscription onto its user; returns false when no user owns it. */
export async function syncSubscription(db: Database, provider: BillingProvider['mode'], fresh: ProviderSubscription): Promise<boolean> {
  if (provider === 'none') return false;
  const userId = await findOwner(db, fresh);
  if (userId === null) return false;

  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  // A late event about an old, ended subscription must not overwrite the one the user has now.
  if (current && current.providerSubscriptionId !== fresh.id && TERMINAL_STATUSES.has(fresh.status)) return true;

  const values = {
    provider,
    providerSubscriptionId: fresh.id,
    providerCustomerId: fresh.customerId,
    status: fresh.status,
    currentPeriodEnd: fresh.currentPeriodEnd,
    cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
    updatedAt: new Date(),
  };
  await upsertSubscription(db, userId, values);
  await db.update(users).set({ stripeCustomerId: fresh.customerId, stripeSubscriptionId: fresh.id }).where(eq(users.id, userId));
  return true;
}

/**
 * One row per user. Two deliveries of one new subscription can race: PostgreSQL checks the
 * provider id's unique index (not the upsert's user_id target) first for the one that loses, which
 * then fails instead of updating. It runs in a savepoint and is tried once more: by then the
 * winner's row is there, and the upsert updates it.
 */
async function upsertSubscription(db: Database, userId: number, values: Omit<typeof subscriptions.$inferInsert, 'userId'>): Promise<void> {
  const upsert = (on: Database) =>
    on
      .insert(subscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  try {
    await db.transaction(async (savepoint) => {
      await upsert(savepoint as unknown as Database);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await upsert(db);
  }
}

async function findOwner(db: Database, fresh: ProviderSubscription): Promise<number | null> {
  const [mirrored] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, fresh.id)).limit(1);
  if (mirrored) return mirrored.userId;
  if (fresh.userId !== null) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, fresh.userId)).limit(1);
    if (user) return user.id;
  }
  const [byCustomer] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, fresh.customerId)).limit(1);
  return byCustomer?.id ?? null;
}
