// Why a user without access is refused (spec §3 hasAccess), worded once for the server's
// 402 messages and every screen that says it: chosen by the status's accessBlockedReason.
import { PRICE_PER_MONTH_TEXT, PRODUCT_NAME } from './rules.js';

export const ACCESS_BLOCKED_REASONS = ['trial_ended', 'payment_failed'] as const;
export type AccessBlockedReason = (typeof ACCESS_BLOCKED_REASONS)[number];

export interface AccessBlockedWording {
  /** The heading of the banner and notices, and the first sentence of a refusal toast. */
  headline: string;
  /** The server's 402 message: why, and what to do. */
  serverMessage: string;
}

export const ACCESS_BLOCKED_WORDING: Record<AccessBlockedReason, AccessBlockedWording> = {
  trial_ended: {
    headline: 'Your free trial has ended',
    serverMessage: `Your free trial has ended. Upgrade to ${PRODUCT_NAME} Pro (${PRICE_PER_MONTH_TEXT}) to create reports, add photos and export PDFs. Your existing reports are still here to view.`,
  },
  payment_failed: {
    headline: 'Your last payment did not go through',
    serverMessage: `Your last ${PRODUCT_NAME} Pro payment did not go through. Pay again on the Upgrade to Pro page to create reports, add photos and export PDFs.`,
  },
};

/** What to do, under the headline. */
export const ACCESS_BLOCKED_NEXT_STEP = 'Upgrade to Pro to create reports, add photos and export PDFs. Your existing reports are still here to view.';

/** The wording for a reason; an unknown one (the status could not be read) reads as the trial's end. */
export function accessBlockedWording(reason: AccessBlockedReason | null | undefined): AccessBlockedWording {
  return ACCESS_BLOCKED_WORDING[reason ?? 'trial_ended'];
}

/** A refusal toast's text: the headline, then what happens next (by default, what to do). */
export function accessBlockedDescription(reason: AccessBlockedReason | null | undefined, next: string = ACCESS_BLOCKED_NEXT_STEP): string {
  return `${accessBlockedWording(reason).headline}. ${next}`;
}
