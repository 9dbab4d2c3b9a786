// Stripe's Payment Element. Loaded only when the server runs with Stripe keys, so the
// sandbox never downloads Stripe.js. confirmPayment returns to APP_URL (spec §7); during the trial
// the subscription's setup intent is confirmed instead (confirmSetup): the card is saved now and
// first charged at the trial's end.
import { t } from '../../lib/i18n/i18n';
import { useEffect, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { PaymentFormProps } from './payment-form-props';
import { payButtonLabel } from './pay-label';

export interface StripePaymentFormProps extends PaymentFormProps {
  publishableKey: string;
  returnUrl: string;
  /** Stripe.js could not load: 'Payment System Unavailable' (spec §8). */
  onUnavailable: () => void;
}

const appearance = { theme: 'stripe' as const, variables: { colorPrimary: '#0f766e', borderRadius: '8px' } };

export default function StripePaymentForm({ publishableKey, returnUrl, clientSecret, onUnavailable, ...outcome }: StripePaymentFormProps) {
  const [stripePromise] = useState<Promise<Stripe | null>>(() => loadStripe(publishableKey).catch(() => null));
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');

  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => {
      if (!live) return;
      setState(stripe ? 'ready' : 'unavailable');
      if (!stripe) onUnavailable();
    });
    return () => {
      live = false;
    };
  }, [stripePromise, onUnavailable]);

  if (state === 'loading') {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('subscribe.loadingForm')} />
      </div>
    );
  }
  if (state === 'unavailable') {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t('subscribe.unavailable')}</p>
        <p className="mt-1">{t('subscribe.unavailableReload')}</p>
      </div>
    );
  }
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, appearance }}>
      <PaymentElementForm returnUrl={returnUrl} {...outcome} />
    </Elements>
  );
}

function PaymentElementForm({
  returnUrl,
  intent,
  firstChargeAt,
  onPaid,
  onFailed,
  onUnexpectedError,
}: Omit<PaymentFormProps, 'clientSecret'> & { returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    try {
      const confirmParams = { return_url: returnUrl };
      const { error, status } =
        intent === 'setup'
          ? await stripe
              .confirmSetup({ elements, confirmParams, redirect: 'if_required' })
              .then((result) => ({ error: result.error, status: result.setupIntent?.status }))
          : await stripe
              .confirmPayment({ elements, confirmParams, redirect: 'if_required' })
              .then((result) => ({ error: result.error, status: result.paymentIntent?.status }));
      if (error) {
        if (error.type === 'card_error' || error.type === 'validation_error') onFailed(error.message ?? t('pay.declined'));
        else onUnexpectedError();
      } else if (status === 'succeeded' || status === 'processing') {
        onPaid();
      } else {
        onUnexpectedError();
      }
    } catch {
      onUnexpectedError();
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || paying}>
        {paying ? t('pay.processing') : payButtonLabel(firstChargeAt)}
      </Button>
    </form>
  );
}
