// The server's error messages in the user's language (issue 15). The API sends English `message`
// and, for errors a user can see, a stable `code` (src/shared/error-codes.ts); the forms' own
// checks give the shared schemas' English messages, which map to the same codes. In English the
// message is shown as sent (it may carry a count the catalogue's text leaves out); in another
// language the catalogue's `error.<code>`, else the English message as the fallback.
import { ACCESS_BLOCKED_WORDING } from '@shared/access-blocked';
import { BUSINESS_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_NAME } from '@shared/rules';
import { formatPricePerMonth } from '../format';
import { setErrorTranslator } from '../api-client';
import { codeOfMessage, currentLocale, hasMessage, t } from './i18n';

export function errorText(message: string, code?: string, status?: number): string {
  const locale = currentLocale();
  if (locale === 'en') return message;
  const known = code ?? codeOfMessage(message, status);
  const id = `error.${known ?? ''}`;
  if (!known || !hasMessage(id)) return message;
  return t(id, {
    min: PASSWORD_MIN_LENGTH,
    max: known === 'password_too_long' ? PASSWORD_MAX_LENGTH : BUSINESS_NAME_MAX_LENGTH,
    product: PRODUCT_NAME,
    pricePerMonth: formatPricePerMonth(),
  });
}

/** The headline of a refusal for lack of access, in the user's language. */
export function accessBlockedHeadline(reason: keyof typeof ACCESS_BLOCKED_WORDING | null | undefined): string {
  return t(reason === 'payment_failed' ? 'access.paymentFailed' : 'access.trialEnded');
}

// Every ApiError's userMessage now speaks the user's language.
setErrorTranslator(errorText);
