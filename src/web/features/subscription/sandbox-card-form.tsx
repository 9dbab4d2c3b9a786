// The sandbox's test-mode card form (DESIGN.md): clearly marked, charges nothing. Like Stripe.js,
// it checks the card in the browser first; Pay then confirms the payment with the server.
import { t } from '../../lib/i18n/i18n';
import { formatPrice } from '../../lib/format';
import { useId, useState, type FormEvent } from 'react';
import { FlaskConical } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { confirmSandboxPayment } from './api/subscription-queries';
import type { PaymentFormProps } from './payment-form-props';
import { checkTestCard, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, TEST_CARD_DECLINE_TEXT } from './test-card';

export function SandboxCardForm({ clientSecret, onPaid, onFailed, onUnexpectedError }: PaymentFormProps) {
  const [card, setCard] = useState({ number: SANDBOX_SUCCESS_CARD, expiry: '12 / 34', cvc: '123' });
  const [paying, setPaying] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const decline = checkTestCard(card);
    if (decline) return onFailed(t(TEST_CARD_DECLINE_TEXT[decline]));
    setPaying(true);
    try {
      await confirmSandboxPayment(clientSecret);
      onPaid();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) onFailed(error.userMessage ?? t('pay.couldNotComplete'));
      else onUnexpectedError();
      setPaying(false);
    }
  };

  const field = (name: 'number' | 'expiry' | 'cvc') => ({
    id: `${id}-${name}`,
    value: card[name],
    onChange: (event: { target: { value: string } }) => setCard((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label={t('sandbox.formLabel')}>
      <div className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950" data-testid="test-mode-notice">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p>
          <strong className="font-bold tracking-wide">{t('sandbox.testMode')}</strong>
          {t('sandbox.notice', { success: SANDBOX_SUCCESS_CARD, declined: SANDBOX_DECLINED_CARD })}
        </p>
      </div>
      <div>
        <Label htmlFor={`${id}-number`}>{t('sandbox.cardNumber')}</Label>
        <Input {...field('number')} inputMode="numeric" autoComplete="off" maxLength={23} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor={`${id}-expiry`}>{t('sandbox.expiry')}</Label>
          <Input {...field('expiry')} inputMode="numeric" autoComplete="off" maxLength={7} />
        </div>
        <div>
          <Label htmlFor={`${id}-cvc`}>{t('sandbox.cvc')}</Label>
          <Input {...field('cvc')} inputMode="numeric" autoComplete="off" maxLength={4} />
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={paying}>
        {paying ? t('pay.processing') : t('pay.amount', { price: formatPrice() })}
      </Button>
    </form>
  );
}
