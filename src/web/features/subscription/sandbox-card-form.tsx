// The sandbox's test-mode card form: clearly marked, charges nothing. Like Stripe.js,
// it checks the card in the browser first; Pay then confirms the payment with the server.
import { t } from '../../lib/i18n/i18n';
import { useId, useState, type FormEvent } from 'react';
import { FlaskConical } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input, Label } from '../../components/ui/input';
import { describedBy } from '../../lib/form-errors';
import { ApiError } from '../../lib/api-client';
import { confirmSandboxPayment } from './api/subscription-queries';
import type { PaymentFormProps } from './payment-form-props';
import { payButtonLabel } from './pay-label';
import { checkTestCard, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, TEST_CARD_DECLINE_TEXT, TEST_CARD_DECLINE_FIELD, type CardField } from './test-card';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input-format';

const FORMAT: Record<CardField, (typed: string) => string> = { number: formatCardNumber, expiry: formatExpiry, cvc: formatCvc };

export function SandboxCardForm({ clientSecret, firstChargeAt, onPaid, onFailed, onUnexpectedError }: PaymentFormProps) {
  const [card, setCard] = useState({ number: SANDBOX_SUCCESS_CARD, expiry: '12 / 34', cvc: '123' });
  // The card's problem is said under the field it is about, where the thumb is (not only in a toast).
  const [problem, setProblem] = useState<{ field: CardField; message: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const decline = checkTestCard(card);
    if (decline) {
      const field = TEST_CARD_DECLINE_FIELD[decline];
      const message = t(TEST_CARD_DECLINE_TEXT[decline]);
      setProblem({ field, message });
      document.getElementById(`${id}-${field}`)?.focus();
      // A card number the provider refuses (declined, or not a valid card) is 'Payment Failed'
      // (spec §8), as before the field said it too; an unfinished expiry or CVC is only marked.
      if (decline === 'card_declined' || decline === 'invalid_number') onFailed(message);
      return;
    }
    setProblem(null);
    setPaying(true);
    try {
      await confirmSandboxPayment(clientSecret);
      onPaid();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
        onFailed(error.userMessage ?? t('pay.couldNotComplete'));
      else onUnexpectedError();
      setPaying(false);
    }
  };

  const field = (name: CardField) => {
    const error = problem?.field === name ? problem.message : undefined;
    return {
      ...describedBy(`${id}-${name}`, error),
      value: card[name],
      onChange: (event: { target: { value: string } }) => {
        setCard((current) => ({ ...current, [name]: FORMAT[name](event.target.value) }));
        if (problem?.field === name) setProblem(null);
      },
    };
  };
  const errorUnder = (name: CardField) => <FieldError inputId={`${id}-${name}`} message={problem?.field === name ? problem.message : undefined} />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label={t('sandbox.formLabel')}>
      <div
        className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="test-mode-notice"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p>
          <strong className="font-bold tracking-wide">{t('sandbox.testMode')}</strong>
          {t('sandbox.notice', { success: SANDBOX_SUCCESS_CARD, declined: SANDBOX_DECLINED_CARD })}
        </p>
      </div>
      <div>
        <Label htmlFor={`${id}-number`}>{t('sandbox.cardNumber')}</Label>
        <Input {...field('number')} inputMode="numeric" autoComplete="off" maxLength={23} />
        {errorUnder('number')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor={`${id}-expiry`}>{t('sandbox.expiry')}</Label>
          <Input {...field('expiry')} inputMode="numeric" autoComplete="off" maxLength={7} />
          {errorUnder('expiry')}
        </div>
        <div>
          <Label htmlFor={`${id}-cvc`}>{t('sandbox.cvc')}</Label>
          <Input {...field('cvc')} inputMode="numeric" autoComplete="off" maxLength={4} />
          {errorUnder('cvc')}
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={paying}>
        {paying ? t('pay.processing') : payButtonLabel(firstChargeAt)}
      </Button>
    </form>
  );
}
