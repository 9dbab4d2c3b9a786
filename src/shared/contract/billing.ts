// Subscription and billing: spec §3 (subscription status, upgrade response) and §7, plus
// DESIGN.md's sandbox and Stripe providers.
import { z } from 'zod';

/** GET /api/subscription-status. The first six fields are the spec's; the rest help the screens. */
export const SubscriptionStatusSchema = z.object({
  subscriptionActive: z.boolean(),
  trialActive: z.boolean(),
  trialDaysLeft: z.number(),
  trialEndsAt: z.string(),
  /** Display text, e.g. 'December 22, 2026'; 'Unknown' when there is no next charge. */
  nextBillingDate: z.string(),
  hasAccess: z.boolean(),
  /** The provider's subscription status (Stripe's vocabulary), null without a subscription. */
  status: z.string().nullable(),
  /** Cancelled: access stays until accessEndsAt (the end of the paid period). */
  cancelAtPeriodEnd: z.boolean(),
  accessEndsAt: z.string().nullable(),
  /** Why access is refused, when it is: the trial ended, or the last payment failed. */
  accessBlockedReason: z.enum(['trial_ended', 'payment_failed']).nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** POST /api/upgrade-subscription and /api/create-subscription (spec §3: clientSecret, status). */
export const UpgradeResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  status: z.string(),
  subscriptionId: z.string(),
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
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1, 'clientSecret is required').max(200, 'clientSecret is invalid'),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBodySchema>;
