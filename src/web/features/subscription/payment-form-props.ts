/** What a payment form (sandbox test card or Stripe Payment Element) reports back to /subscribe. */
export interface PaymentFormProps {
  clientSecret: string;
  /** What the secret confirms: the first payment now, or (during the trial) the card alone. */
  intent: 'payment' | 'setup';
  /** When the first charge comes (ISO): the trial's end, or null for now. */
  firstChargeAt: string | null;
  /** The payment went through. */
  onPaid: () => void;
  /** The provider declined it: 'Payment Failed' with the provider's message (spec §8). */
  onFailed: (message: string) => void;
  /** Anything else: 'Payment Error - An unexpected error occurred. Please try again.' */
  onUnexpectedError: () => void;
}
