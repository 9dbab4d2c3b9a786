// Subscription routes (spec §7): status, upgrade, the test page's create, cancel; plus the
// sandbox's Pay button. Stripe's webhook is webhook.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BillingConfig, SubscriptionStatus, UpgradeResponse } from '../../shared/contract/billing.js';
import { conflict, notFound, serviceUnavailable } from '../lib/http-errors.js';
import { findSubscription, loadSubscriptionStatus } from './access.js';
import { processBillingEvent, syncSubscription } from './billing-sync.js';
import { callProvider } from './provider-errors.js';
import type { SandboxBillingProvider } from './sandbox.js';
import { computeSubscriptionStatus, trialEndToKeep } from './subscription-status.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, type SignedInUser } from '../lib/add-route.js';
import { errorMessage } from '../../shared/error-codes.js';

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const { db, billing, clock, config } = app.deps;

  addRoute(app, api.getSubscriptionStatus, async ({ user }): Promise<SubscriptionStatus> => {
    return loadSubscriptionStatus(db, user, clock(), billing.mode);
  });

  addRoute(app, api.getBillingConfig, async (): Promise<BillingConfig> => ({
    mode: billing.mode,
    publishableKey: billing.publishableKey,
    returnUrl: config.appUrl,
  }));

  // A user whose trial has ended may still subscribe (a deliberate deviation from the spec: docs/spec-deviations.md).
  const startSubscription = async ({ user, request }: { user: SignedInUser; request: FastifyRequest }): Promise<UpgradeResponse> => {
    const current = await findSubscription(db, user.accountId);
    const now = clock();
    const status = computeSubscriptionStatus(user, current, now, billing.mode);
    if (status.subscriptionActive) throw conflict('already_subscribed');
    if (billing.mode === 'none') throw serviceUnavailable('payments_not_set_up');
    const sameProvider = current?.provider === billing.mode ? current : null;
    const started = await callProvider(request, () =>
      billing.startSubscription({
        // The subscription is the business's, kept on its account.
        userId: user.accountId,
        email: user.email ?? '',
        customerId: sameProvider?.providerCustomerId ?? null,
        existingSubscriptionId: sameProvider?.providerSubscriptionId ?? null,
        trialEnd: trialEndToKeep(user, status, now),
      }),
    );
    await syncSubscription(db, billing.mode, started.subscription);
    return {
      clientSecret: started.clientSecret,
      status: started.subscription.status,
      subscriptionId: started.subscription.id,
      intent: started.intent,
      firstChargeAt: started.firstChargeAt?.toISOString() ?? null,
    };
  };
  addRoute(app, api.upgradeSubscription, startSubscription);
  // spec §2: the /test-subscription debug page's create-subscription button.
  addRoute(app, api.createSubscription, startSubscription);

  addRoute(app, api.cancelSubscription, async ({ user, request }) => {
    const current = await findSubscription(db, user.accountId);
    const status = computeSubscriptionStatus(user, current, clock(), billing.mode);
    if (!current || !status.subscriptionActive) throw conflict('no_subscription_to_cancel');
    if (!status.cancelAtPeriodEnd) {
      if (current.provider !== billing.mode) throw serviceUnavailable('payment_system_gone');
      const fresh = await callProvider(request, () => billing.cancelAtPeriodEnd(current.providerSubscriptionId));
      await syncSubscription(db, billing.mode, fresh);
    }
    const after = await loadSubscriptionStatus(db, user, clock(), billing.mode);
    return { message: errorMessage('subscription_cancelled'), accessEndsAt: after.accessEndsAt };
  });

  // Takes back a cancel before the paid period ends: the subscription renews as before.
  addRoute(app, api.resumeSubscription, async ({ user, request }): Promise<SubscriptionStatus> => {
    const current = await findSubscription(db, user.accountId);
    const status = computeSubscriptionStatus(user, current, clock(), billing.mode);
    if (!current || !status.subscriptionActive || !status.cancelAtPeriodEnd) throw conflict('no_subscription_to_resume');
    // Stripe's fully ended subscription cannot be taken back: only one set to end at its period's end.
    if (current.status === 'canceled') throw conflict('subscription_already_ended');
    if (current.provider !== billing.mode) throw serviceUnavailable('payment_system_gone');
    const fresh = await callProvider(request, () => billing.resume(current.providerSubscriptionId));
    await syncSubscription(db, billing.mode, fresh);
    return loadSubscriptionStatus(db, user, clock(), billing.mode);
  });

  if (billing.mode === 'sandbox') {
    const sandbox = billing as SandboxBillingProvider;
    // The test-mode card form's Pay button: "charges" the test card, then the app learns of the
    // payment through the same invoice.paid path a real Stripe invoice takes.
    addRoute(app, api.confirmSandboxPayment, async ({ user, body }): Promise<SubscriptionStatus> => {
      const payment = await sandbox.payWithTestCard(user.accountId, body.clientSecret);
      if (!payment) throw notFound('payment_not_found');
      // One deterministic event per sandbox subscription: a retry after a crash still delivers it, once.
      // A card saved during the trial pays nothing yet: Stripe then says the subscription was updated.
      const event = payment.trialing
        ? { id: `evt_sandbox_card_saved_${payment.subscriptionId}`, type: 'customer.subscription.updated' }
        : { id: `evt_sandbox_first_invoice_paid_${payment.subscriptionId}`, type: 'invoice.paid' };
      await processBillingEvent(db, sandbox, { ...event, subscriptionId: payment.subscriptionId });
      return loadSubscriptionStatus(db, user, clock(), billing.mode);
    });
  }
};
