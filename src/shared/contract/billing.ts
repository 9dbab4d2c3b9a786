// Subscription and billing: spec §3 (subscription status, upgrade response) and §7, plus
// the sandbox and Stripe providers.
import { z } from 'zod';
import { ACCESS_BLOCKED_REASONS } from '../access-blocked.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

/** GET /api/subscription-status. The first six fields are the spec's; the rest help the screens. */
export const SubscriptionStatusSchema = z.object({
  subscriptionActive: z.boolean(),
  trialActive: z.boolean(),
  trialDaysLeft: z.number(),
  trialEndsAt: z.string(),
  /** Display text, e.g. 'December 22, 2026'; 'Unknown' when there is no next charge. */
  nextBillingDate: z.string(),
  /** The same next charge as an ISO 8601 instant, null when there is none: what screens format in their language. */
  nextBillingAt: z.string().nullable(),
  hasAccess: z.boolean(),
  /** The provider's subscription status (Stripe's vocabulary), null without a subscription. */
  status: z.string().nullable(),
  /** Cancelled: access stays until accessEndsAt (the end of the paid period). */
  cancelAtPeriodEnd: z.boolean(),
  accessEndsAt: z.string().nullable(),
  /** Why access is refused, when it is: the trial ended, or the last payment failed. */
  accessBlockedReason: z.enum(ACCESS_BLOCKED_REASONS).nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** POST /api/upgrade-subscription and /api/create-subscription (spec §3: clientSecret, status). */
export const UpgradeResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  status: z.string(),
  subscriptionId: z.string(),
  /** What clientSecret confirms: the first payment now, or (during the trial) the card alone. */
  intent: z.enum(['payment', 'setup']),
  /** When the first charge comes (ISO): the trial's end, or null for now. */
  firstChargeAt: z.string().nullable(),
});
export type UpgradeResponse = z.infer<typeof UpgradeResponseSchema>;

/** GET /api/billing/config: which payment form /subscribe shows. */
export const BillingModeSchema = z.enum(['stripe', 'sandbox', 'none']);
export type BillingMode = z.infer<typeof BillingModeSchema>;
export const BillingConfigSchema = z.object({
  mode: BillingModeSchema,
  /** Stripe's publishable key (mode 'stripe' only). */
  publishableKey: z.string().nullable(),
  /** Where the card provider returns the browser after confirming a payment (APP_URL). */
  returnUrl: z.string(),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

/** POST /api/billing/sandbox/confirm: the test-mode card form's Pay button. */
export const SandboxConfirmBodySchema = z.object({
  clientSecret: z
    .string({ error: issueCode('client_secret_required') })
    .min(1, issueCode('client_secret_required'))
    .max(200, issueCode('client_secret_invalid')),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBodySchema>;

/** POST /api/cancel-subscription: the confirmation and when access ends. */
export const CancelSubscriptionResponseSchema = z.object({ message: z.string(), accessEndsAt: z.string().nullable() });
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

/** POST /api/billing/webhook: what became of a verified event. */
export const WebhookResponseSchema = z.object({ received: z.boolean(), outcome: z.enum(['applied', 'duplicate', 'ignored']) });

export const billingRoutes = {
  getSubscriptionStatus: defineRoute({
    method: 'GET',
    path: '/api/subscription-status',
    summary: 'Trial, subscription and access now',
    access: 'member',
    response: SubscriptionStatusSchema,
  }),
  getBillingConfig: defineRoute({
    method: 'GET',
    path: '/api/billing/config',
    summary: 'Which payment form /subscribe shows',
    access: 'public',
    response: BillingConfigSchema,
  }),
  upgradeSubscription: defineRoute({
    method: 'POST',
    path: '/api/upgrade-subscription',
    summary: 'Start a subscription awaiting its first payment',
    access: 'owner',
    response: UpgradeResponseSchema,
  }),
  createSubscription: defineRoute({
    method: 'POST',
    path: '/api/create-subscription',
    summary: 'The same, for the /test-subscription debug page',
    access: 'owner',
    response: UpgradeResponseSchema,
  }),
  cancelSubscription: defineRoute({
    method: 'POST',
    path: '/api/cancel-subscription',
    summary: 'Cancel at the end of the paid period',
    access: 'owner',
    response: CancelSubscriptionResponseSchema,
  }),
  resumeSubscription: defineRoute({
    method: 'POST',
    path: '/api/resume-subscription',
    summary: 'Take back a cancel before the paid period ends',
    access: 'owner',
    response: SubscriptionStatusSchema,
  }),
  confirmSandboxPayment: defineRoute({
    method: 'POST',
    path: '/api/billing/sandbox/confirm',
    summary: 'Sandbox billing only: pay with a test card',
    access: 'owner',
    body: SandboxConfirmBodySchema,
    response: SubscriptionStatusSchema,
  }),
  receiveBillingWebhook: defineRoute({
    method: 'POST',
    path: '/api/billing/webhook',
    summary: "Stripe billing only: Stripe's signed events",
    access: 'public',
    rawBodyTypes: ['application/json'],
    response: WebhookResponseSchema,
  }),
};
