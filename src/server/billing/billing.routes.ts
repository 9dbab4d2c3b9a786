// Subscription routes (spec §7): status, upgrade, the test page's create, cancel; plus the
// sandbox's Pay button (DESIGN.md). Stripe's webhook is webhook.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BillingConfig, SubscriptionStatus, UpgradeResponse } from '../../shared/contract/billing.js';
import { SandboxConfirmBodySchema } from '../../shared/contract/billing.js';
import { requireUser } from '../auth/sessions.js';
import { conflict, notFound, serviceUnavailable } from '../lib/http-errors.js';
import { parseInput } from '../lib/validation.js';
import { findSubscription, loadSubscriptionStatus } from './access.js';
import { processBillingEvent, syncSubscription } from './billing-sync.js';
import { callProvider } from './provider-errors.js';
import type { SandboxBillingProvider } from './sandbox.js';
import { computeSubscriptionStatus } from './subscription-status.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const NO_PAYMENTS_MESSAGE = 'Payments are not set up on this server. Please contact support for assistance.';
export const CANCELLED_MESSAGE = "Your subscription has been cancelled. You'll retain access until the end of your current billing period.";

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const { db, billing, clock, config } = app.deps;

  addRoute(app, api.getSubscriptionStatus, async (request): Promise<SubscriptionStatus> => {
    const user = await requireUser(request);
    return loadSubscriptionStatus(db, user, clock(), billing.mode);
  });

  addRoute(app, api.getBillingConfig, async (): Promise<BillingConfig> => ({ mode: billing.mode, publishableKey: billing.publishableKey, returnUrl: config.appUrl }));

  // A user whose trial has ended may still subscribe (DESIGN.md's deliberate deviation).
  const startSubscription = async (request: FastifyRequest): Promise<UpgradeResponse> => {
    const user = await requireUser(request);
    const current = await findSubscription(db, user.id);
    if (computeSubscriptionStatus(user, current, clock(), billing.mode).subscriptionActive) throw conflict('You already have an active subscription.');
    if (billing.mode === 'none') throw serviceUnavailable(NO_PAYMENTS_MESSAGE);
    const sameProvider = current?.provider === billing.mode ? current : null;
    const started = await callProvider(request, () =>
      billing.startSubscription({ userId: user.id, email: user.email, customerId: sameProvider?.providerCustomerId ?? null, existingSubscriptionId: sameProvider?.providerSubscriptionId ?? null }),
    );
    await syncSubscription(db, billing.mode, started.subscription);
    return { clientSecret: started.clientSecret, status: started.subscription.status, subscriptionId: started.subscription.id };
  };
  addRoute(app, api.upgradeSubscription, startSubscription);
  // spec §2: the /test-subscription debug page's create-subscription button.
  addRoute(app, api.createSubscription, startSubscription);

  addRoute(app, api.cancelSubscription, async (request) => {
    const user = await requireUser(request);
    const current = await findSubscription(db, user.id);
    const status = computeSubscriptionStatus(user, current, clock(), billing.mode);
    if (!current || !status.subscriptionActive) throw conflict('You have no active subscription to cancel.');
    if (!status.cancelAtPeriodEnd) {
      if (current.provider !== billing.mode) throw serviceUnavailable('This subscription was made with a payment system that is no longer set up. Please contact support for assistance.');
      const fresh = await callProvider(request, () => billing.cancelAtPeriodEnd(current.providerSubscriptionId));
      await syncSubscription(db, billing.mode, fresh);
    }
    const after = await loadSubscriptionStatus(db, user, clock(), billing.mode);
    return { message: CANCELLED_MESSAGE, accessEndsAt: after.accessEndsAt };
  });

  if (billing.mode === 'sandbox') {
    const sandbox = billing as SandboxBillingProvider;
    // The test-mode card form's Pay button: "charges" the test card, then the app learns of the
    // payment through the same invoice.paid path a real Stripe invoice takes.
    addRoute(app, api.confirmSandboxPayment, async (request): Promise<SubscriptionStatus> => {
      const user = await requireUser(request);
      const { clientSecret } = parseInput(SandboxConfirmBodySchema, request.body);
      const payment = await sandbox.payWithTestCard(user.id, clientSecret);
      if (!payment) throw notFound('This payment was not found. Please start again from the Upgrade to Pro page.');
      // One deterministic event per sandbox subscription: a retry after a crash still delivers it, once.
      await processBillingEvent(db, sandbox, { id: `evt_sandbox_first_invoice_paid_${payment.subscriptionId}`, type: 'invoice.paid', subscriptionId: payment.subscriptionId });
      return loadSubscriptionStatus(db, user, clock(), billing.mode);
    });
  }
};
