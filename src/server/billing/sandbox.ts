// The local test-mode payment processor (the embedded default when there are no
// Stripe keys). Its table plays the part of Stripe's servers; the Pay button on /subscribe
// "charges" a test card here and the app then learns of it through the same invoice.paid
// event path a real Stripe payment takes (billing-sync.ts).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sandboxSubscriptions, type SandboxSubscriptionRow } from '../db/schema.js';
import { hashToken } from '../lib/tokens.js';
import type { PeriodicTask } from '../lib/periodic-task.js';
import type { BillingProvider, ProviderSubscription, StartSubscriptionInput, StartedSubscription } from './billing-provider.js';
import { processBillingEvent } from './billing-sync.js';

export interface SandboxPayment {
  subscriptionId: string;
  /** False when this client secret had already been paid (a double-tapped Pay button). */
  newlyPaid: boolean;
  /** True when the card was only saved, for a first charge at the trial's end (Stripe's setup intent). */
  trialing: boolean;
}

/** What the sandbox's billing clock did to one subscription, told to the app as Stripe would. */
export interface SandboxPeriodChange {
  subscriptionId: string;
  type: 'invoice.paid' | 'customer.subscription.deleted';
  /** The new period end (renewed) or the one that just ended (deleted): unique per change. */
  periodEnd: Date;
}

export interface SandboxBillingProvider extends BillingProvider {
  readonly mode: 'sandbox';
  /** Pays the first invoice of the user's subscription behind this client secret; null when there is none. */
  payWithTestCard(userId: number, clientSecret: string): Promise<SandboxPayment | null>;
  /**
   * What Stripe does at the end of a billing period: a subscription set to cancel ends, any other
   * renews (the test card always pays). Each change happens once, however many servers ask.
   */
  settleDuePeriods(): Promise<SandboxPeriodChange[]>;
}

/** The statuses the sandbox's billing clock moves on at a period's end. */
const BILLED_STATUSES = ['active', 'trialing'];

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** One calendar month on (Jan 31 -> Feb 28/29, like Stripe's monthly billing). */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function toProviderSubscription(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    userId: row.userId,
  };
}

export function createSandboxBillingProvider(db: Database, clock: () => Date): SandboxBillingProvider {
  async function issueClientSecret(subscriptionId: string, intent: 'payment' | 'setup'): Promise<string> {
    const clientSecret = `${randomId(intent === 'setup' ? 'seti_sandbox' : 'pi_sandbox')}_secret_${randomBytes(16).toString('hex')}`;
    await db
      .update(sandboxSubscriptions)
      .set({ clientSecretHash: hashToken(clientSecret) })
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    return clientSecret;
  }

  async function setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription> {
    const [row] = await db.update(sandboxSubscriptions).set({ cancelAtPeriodEnd }).where(eq(sandboxSubscriptions.id, subscriptionId)).returning();
    if (!row) throw new Error(`No sandbox subscription ${subscriptionId}`);
    return toProviderSubscription(row);
  }

  async function started(row: SandboxSubscriptionRow): Promise<StartedSubscription> {
    const intent = row.trialEnd ? 'setup' : 'payment';
    return { subscription: toProviderSubscription(row), clientSecret: await issueClientSecret(row.id, intent), intent, firstChargeAt: row.trialEnd };
  }

  return {
    mode: 'sandbox',
    publishableKey: null,

    async startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription> {
      if (input.existingSubscriptionId) {
        const [existing] = await db
          .select()
          .from(sandboxSubscriptions)
          .where(and(eq(sandboxSubscriptions.id, input.existingSubscriptionId), eq(sandboxSubscriptions.userId, input.userId)))
          .limit(1);
        // An unpaid subscription is resumed with a fresh client secret instead of starting another,
        // unless the trial it was to wait for has ended since (then a new one, charged now).
        const sameKind = existing?.trialEnd ? existing.trialEnd.getTime() > clock().getTime() && input.trialEnd !== null : input.trialEnd === null;
        if (existing?.status === 'incomplete' && sameKind) return started(existing);
      }
      const [created] = await db
        .insert(sandboxSubscriptions)
        .values({
          id: randomId('sub_sandbox'),
          userId: input.userId,
          customerId: input.customerId ?? randomId('cus_sandbox'),
          status: 'incomplete',
          trialEnd: input.trialEnd,
          createdAt: clock(),
        })
        .returning();
      if (!created) throw new Error('Sandbox subscription insert returned nothing');
      return started(created);
    },

    async retrieveSubscription(subscriptionId) {
      const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId)).limit(1);
      return row ? toProviderSubscription(row) : null;
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return setCancelAtPeriodEnd(subscriptionId, true);
    },

    async resume(subscriptionId) {
      return setCancelAtPeriodEnd(subscriptionId, false);
    },

    async settleDuePeriods() {
      const now = clock();
      const due = await db
        .select()
        .from(sandboxSubscriptions)
        .where(and(inArray(sandboxSubscriptions.status, BILLED_STATUSES), lte(sandboxSubscriptions.currentPeriodEnd, now)));
      const changes: SandboxPeriodChange[] = [];
      for (const row of due) {
        const periodEnd = row.currentPeriodEnd!;
        // Conditional on the period end read above: a second server settling at once changes nothing.
        const unchanged = and(
          eq(sandboxSubscriptions.id, row.id),
          eq(sandboxSubscriptions.status, row.status),
          eq(sandboxSubscriptions.currentPeriodEnd, periodEnd),
        );
        if (row.cancelAtPeriodEnd) {
          const [ended] = await db.update(sandboxSubscriptions).set({ status: 'canceled' }).where(unchanged).returning({ id: sandboxSubscriptions.id });
          if (ended) changes.push({ subscriptionId: row.id, type: 'customer.subscription.deleted', periodEnd });
        } else {
          let next = periodEnd;
          while (next.getTime() <= now.getTime()) next = addOneMonth(next);
          // A trial that ends turns into the first paid month, as Stripe's first invoice after trial_end.
          const [renewed] = await db
            .update(sandboxSubscriptions)
            .set({ status: 'active', currentPeriodEnd: next })
            .where(unchanged)
            .returning({ id: sandboxSubscriptions.id });
          if (renewed) changes.push({ subscriptionId: row.id, type: 'invoice.paid', periodEnd: next });
        }
      }
      return changes;
    },

    async payWithTestCard(userId, clientSecret) {
      const secretHash = hashToken(clientSecret);
      const mine = and(eq(sandboxSubscriptions.clientSecretHash, secretHash), eq(sandboxSubscriptions.userId, userId));
      const now = clock();
      const [row] = await db.select().from(sandboxSubscriptions).where(mine).limit(1);
      if (!row) return null;
      // A card never saved by the trial's end: Stripe ends such a subscription (missing payment
      // method), so its setup secret pays nothing any more.
      if (row.status === 'incomplete' && row.trialEnd !== null && row.trialEnd.getTime() <= now.getTime()) return null;
      // During the trial the test card is only saved (Stripe's setup intent): the subscription
      // trials until the trial's end, when the first month is charged (settleDuePeriods).
      const trialing = row.trialEnd !== null && row.trialEnd.getTime() > now.getTime();
      const paidState = trialing ? { status: 'trialing', currentPeriodEnd: row.trialEnd } : { status: 'active', currentPeriodEnd: addOneMonth(now) };
      // One conditional update: two taps of Pay pay once.
      const [paid] = await db
        .update(sandboxSubscriptions)
        .set(paidState)
        .where(and(mine, eq(sandboxSubscriptions.status, 'incomplete')))
        .returning({ id: sandboxSubscriptions.id });
      return { subscriptionId: row.id, newlyPaid: paid !== undefined, trialing };
    },
  };
}

/** How often each server looks for sandbox periods that have ended. */
export const SANDBOX_PERIOD_CHECK_MS = 10 * 60 * 1000;

/** Renews or ends the sandbox subscriptions whose period is over, told to the app through the event path. */
export async function settleSandboxPeriods(db: Database, sandbox: SandboxBillingProvider): Promise<void> {
  for (const change of await sandbox.settleDuePeriods()) {
    await processBillingEvent(db, sandbox, {
      id: `evt_sandbox_${change.type}_${change.subscriptionId}_${change.periodEnd.getTime()}`,
      type: change.type,
      subscriptionId: change.subscriptionId,
    });
  }
}

/** The sandbox's billing clock: renewals and ends of paid periods reach the app as events (app.ts schedules it). */
export function sandboxPeriodsTask(db: Database, sandbox: SandboxBillingProvider): PeriodicTask {
  return { name: 'sandbox billing periods', intervalMs: SANDBOX_PERIOD_CHECK_MS, runAtStart: true, run: () => settleSandboxPeriods(db, sandbox) };
}
