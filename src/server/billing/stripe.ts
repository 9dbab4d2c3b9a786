// Real card payments through Stripe: the official SDK, a customer and a
// subscription on the configured $4.99/month price created `default_incomplete`, the first
// invoice's client secret handed to the Payment Element (or, during the trial, the pending setup
// intent's: the card is saved now and charged at the trial's end), and signed webhooks verified here.
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';
import {
  BillingUnavailableError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderSubscription,
  type StartSubscriptionInput,
  type StartedSubscription,
  type WebhookVerifier,
} from './billing-provider.js';

/** Where the SDK sends its requests: Stripe's servers, or a local stand-in in tests. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export type StripeBillingProvider = BillingProvider & WebhookVerifier & { readonly mode: 'stripe' };

/** An unpaid subscription whose open invoice can still be paid: resumed, not duplicated. */
const RESUMABLE_STATUSES = new Set(['incomplete', 'past_due', 'unpaid']);
const EXPAND_FIRST_PAYMENT = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

export function createStripeBillingProvider(config: StripeConfig, endpoint?: StripeEndpoint): StripeBillingProvider {
  const stripe = new Stripe(config.secretKey, {
    ...(endpoint ? { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol } : {}),
    maxNetworkRetries: endpoint ? 0 : 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    mode: 'stripe',
    publishableKey: config.publishableKey,

    async startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription> {
      return callStripe(async () => {
        if (input.existingSubscriptionId) {
          const existing = await stripe.subscriptions.retrieve(input.existingSubscriptionId, { expand: EXPAND_FIRST_PAYMENT });
          const started = toStartedSubscription(existing);
          if (RESUMABLE_STATUSES.has(started.subscription.status) && started.clientSecret) return started;
        }
        // Idempotency keys: two taps of Upgrade at once yield one customer and one subscription.
        const userKey = `${input.userId}-${createHash('sha256').update(input.email.toLowerCase()).digest('hex').slice(0, 16)}`;
        const customerId =
          input.customerId ??
          (
            await stripe.customers.create(
              { email: input.email, metadata: { userId: String(input.userId) } },
              { idempotencyKey: `cleanproof-customer-${userKey}` },
            )
          ).id;
        const trialEnd = input.trialEnd ? Math.floor(input.trialEnd.getTime() / 1000) : null;
        const created = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: config.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { userId: String(input.userId) },
            // Subscribing during the trial keeps its days: the card is saved now (the pending
            // setup intent), the first invoice comes at the trial's end, and without a card then
            // the subscription ends rather than billing nobody.
            ...(trialEnd !== null ? { trial_end: trialEnd, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } } : {}),
            expand: EXPAND_FIRST_PAYMENT,
          },
          {
            idempotencyKey: `cleanproof-subscription-${userKey}-after-${input.existingSubscriptionId ?? 'none'}${trialEnd !== null ? `-trial-${trialEnd}` : ''}`,
          },
        );
        return toStartedSubscription(created);
      });
    },

    async retrieveSubscription(subscriptionId) {
      return callStripe(async () => {
        try {
          return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
          throw error;
        }
      });
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return callStripe(async () => toProviderSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })));
    },

    async resume(subscriptionId) {
      return callStripe(async () => toProviderSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false })));
    },

    verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        if (!signatureHeader) throw new Error('missing Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
      }
      return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(event) };
    },
  };
}

/** Stripe errors become BillingUnavailableError (a 502 with a message), never a 500. */
async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new BillingUnavailableError('payment_provider_failed', { cause: error });
    }
    throw error;
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the billing period lives on the subscription items.
  const itemPeriodEnd = subscription.items?.data?.[0]?.current_period_end;
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = itemPeriodEnd ?? legacyPeriodEnd ?? null;
  const cancelAt = subscription.cancel_at ?? null;
  const userId = Number(subscription.metadata?.userId);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: isAwaitingCard(subscription) ? 'incomplete' : subscription.status,
    // A scheduled cancel_at ends access then, like cancel_at_period_end does at the period end.
    currentPeriodEnd: cancelAt !== null ? new Date(cancelAt * 1000) : periodEnd !== null ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
  };
}

/**
 * Started during the trial and its card not confirmed yet: Stripe already says `trialing`, but
 * nothing is paid for until the setup intent succeeds and the card becomes the subscription's
 * default, so the app mirrors it as `incomplete` (no access beyond the trial, Pay still offered).
 */
function isAwaitingCard(subscription: Stripe.Subscription): boolean {
  return subscription.status === 'trialing' && subscription.pending_setup_intent !== null && !subscription.default_payment_method;
}

function toStartedSubscription(subscription: Stripe.Subscription): StartedSubscription {
  const mirrored = toProviderSubscription(subscription);
  if (isAwaitingCard(subscription)) {
    const setupIntent = subscription.pending_setup_intent;
    const clientSecret = setupIntent && typeof setupIntent !== 'string' ? setupIntent.client_secret : null;
    const firstChargeAt = subscription.trial_end ? new Date(subscription.trial_end * 1000) : null;
    return { subscription: mirrored, clientSecret, intent: 'setup', firstChargeAt };
  }
  const invoice = subscription.latest_invoice;
  const clientSecret = invoice && typeof invoice !== 'string' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  return { subscription: mirrored, clientSecret, intent: 'payment', firstChargeAt: null };
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string };
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'invoice') {
    const invoice = object as Stripe.Invoice;
    const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
    // Older API versions put the subscription on the invoice itself.
    return fromParent ?? idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
  }
  return null;
}
