// Dates, times, numbers and the price on screen, in the UI's language. The formatting
// itself is src/shared/format.ts, shared with the PDF and the server: one module, one policy.
import * as shared from '@shared/format';
import { PRICE_CENTS_PER_MONTH } from '@shared/rules';
import { currentLocale, t } from './i18n/i18n';

export type { DateStyle } from '@shared/format';

export const formatDate = (value: Date | string, style: shared.DateStyle = 'medium', timeZone?: string) =>
  shared.formatDate(value, currentLocale(), style, timeZone);
export const formatTime = (value: Date | string, timeZone?: string) => shared.formatTime(value, currentLocale(), timeZone);
export const formatDateTime = (value: Date | string, timeZone?: string) => shared.formatDateTime(value, currentLocale(), timeZone);
export const formatCaptureTime = (value: Date | string, now?: Date) => shared.formatCaptureTime(value, currentLocale(), now);
export const formatNumber = (value: number) => shared.formatNumber(value, currentLocale());
export const formatPercent = (fraction: number) => shared.formatPercent(fraction, currentLocale());
export const formatPrice = (cents: number = PRICE_CENTS_PER_MONTH) => shared.formatPrice(cents, currentLocale());
export const formatRelative = (value: number, unit: Intl.RelativeTimeFormatUnit) => shared.formatRelative(value, unit, currentLocale());
/** The plan's price a month, as every screen and message says it: "$4.99/month", "4,99 US$/mes". */
export const formatPricePerMonth = () => t('price.perMonth', { price: formatPrice() });
