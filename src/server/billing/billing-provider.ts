// Billing sits behind this small interface (sandbox by default, Stripe with keys).
// The app's `subscriptions` table mirrors what the provider reports; it changes only through
// syncSubscription (billing-sync.ts), fed by a provider's answer or a verified event.
import { errorMessage } from '../../shared/error-codes.js';

/** The provider's view of one subscription: what the app mirrors. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's vocabulary: incomplete, active, past_due, unpaid, canceled, incomplete_expired, … */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The app user it belongs to, from the provider's metadata (null when unknown). */
  userId: number | null;
}

export interface StartedSubscription {
  subscription: ProviderSubscription;
  /** The client secret to confirm in the browser; null when nothing is due. */
  clientSecret: string | null;
  /**
   * What the client secret confirms: the first payment now, or (during the trial) the card alone,
   * saved for the first charge at the trial's end.
   */
  intent: 'payment' | 'setup';
  /** When the first charge comes: the trial's end, or null for now. */
  firstChargeAt: Date | null;
}

export interface StartSubscriptionInput {
  userId: number;
  email: string;
  /** The customer already on file for this user, reused. */
  customerId: string | null;
  /** The user's current subscription with this provider, if any: an unpaid one is resumed. */
  existingSubscriptionId: string | null;
  /** The end of the user's trial when it still runs: the first charge waits until then. */
  trialEnd: Date | null;
}

/** A verified provider event, reduced to what the app acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** The subscription the event concerns; null for events the app does not act on. */
  subscriptionId: string | null;
}

export interface BillingProvider {
  readonly mode: 'stripe' | 'sandbox' | 'none';
  /** Stripe's publishable key for the browser (mode 'stripe' only). */
  readonly publishableKey: string | null;
  /** A customer (reused when given) and a subscription awaiting its first payment. */
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** Re-reads a subscription from the provider; null when it does not exist there. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** spec §4: cancelling keeps access until the end of the paid period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Takes back a cancel made before the period ended: the subscription renews again. */
  resume(subscriptionId: string): Promise<ProviderSubscription>;
}

/** Billing with Stripe: also verifies signed webhooks. */
export interface WebhookVerifier {
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent;
}

export class WebhookSignatureError extends Error {}

/** The provider failed or cannot be reached (answered with a 502/503, never a 500). */
export class BillingUnavailableError extends Error {
  constructor(
    readonly code: 'payments_not_set_up' | 'payment_provider_failed',
    options?: ErrorOptions,
  ) {
    super(errorMessage(code), options);
  }
}

export function isWebhookVerifier(provider: BillingProvider): provider is BillingProvider & WebhookVerifier {
  return typeof (provider as Partial<WebhookVerifier>).verifyWebhook === 'function';
}

/**
 * No Stripe keys and the sandbox switched off (BILLING_SANDBOX=false): no payment can be
 * taken (a deliberate deviation from the spec, docs/spec-deviations.md: then, and only then, 'No Active Trial' is shown).
 */
export function createUnavailableBillingProvider(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw new BillingUnavailableError('payments_not_set_up');
  };
  return { mode: 'none', publishableKey: null, startSubscription: refuse, retrieveSubscription: refuse, cancelAtPeriodEnd: refuse, resume: refuse };
}
