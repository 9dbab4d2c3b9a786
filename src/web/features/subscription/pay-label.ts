// The Pay button's words: "Pay $4.99", or during the trial "Pay $4.99 on December 8, 2026", the
// day of the first charge (the card is only saved now). The day is the UTC one, as the plan's
// next billing date is (plan-display.ts), so the button and the dialog name the same day.
import { t } from '../../lib/i18n/i18n';
import { formatDate, formatPrice } from '../../lib/format';

export function payButtonLabel(firstChargeAt: string | null): string {
  if (firstChargeAt === null) return t('pay.amount', { price: formatPrice() });
  return t('pay.amountOn', { price: formatPrice(), date: formatDate(firstChargeAt, 'long', 'UTC') });
}
