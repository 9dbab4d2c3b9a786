// The API's and the forms' errors in the user's language. The API answers `{ code, message }`
// (src/shared/error-codes.ts): `code` is stable, `message` its English text; the shared schemas
// name their problems by code too. The words are the catalogue's `error.<code>`. In English a
// server message is shown as sent (it may carry a count the catalogue's text leaves out); a code
// the catalogue does not know shows the server's English.
import { ACCESS_BLOCKED_WORDING } from '@shared/access-blocked';
import { BUSINESS_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_NAME } from '@shared/rules';
import { formatPricePerMonth } from '../format';
import { setErrorTranslator } from '../api-client';
import { currentLocale, hasMessage, t } from './i18n';

/** The words for an error code; `serverMessage` is the API's English for it, when it sent one. */
export function errorText(code: string | undefined, serverMessage?: string): string {
  if (serverMessage !== undefined && currentLocale() === 'en') return serverMessage;
  const id = `error.${code ?? ''}`;
  if (!code || !hasMessage(id)) return serverMessage ?? t('common.tryAgain');
  return t(id, {
    min: PASSWORD_MIN_LENGTH,
    max: code === 'password_too_long' ? PASSWORD_MAX_LENGTH : BUSINESS_NAME_MAX_LENGTH,
    product: PRODUCT_NAME,
    pricePerMonth: formatPricePerMonth(),
  });
}

/** The headline of a refusal for lack of access, in the user's language. */
export function accessBlockedHeadline(reason: keyof typeof ACCESS_BLOCKED_WORDING | null | undefined): string {
  return t(reason === 'payment_failed' ? 'access.paymentFailed' : 'access.trialEnded');
}

// Every ApiError's userMessage now speaks the user's language.
setErrorTranslator((message, code) => errorText(code, message));
