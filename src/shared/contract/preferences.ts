// The user's preferences (issues 13 and 15): the language of the app, emails and PDFs, and the
// time zone the PDF prints capture times in. Both fields are optional; at least one is sent.
import { z } from 'zod';
import { SUPPORTED_LOCALES, canonicalTimeZone } from '../preferences.js';

export const LocaleSchema = z.enum(SUPPORTED_LOCALES, { error: `Language must be one of: ${SUPPORTED_LOCALES.join(', ')}` });

export const TimeZoneSchema = z
  .string({ error: 'Time zone must be an IANA time zone name, such as Europe/Madrid' })
  .transform((value, context) => {
    const canonical = canonicalTimeZone(value.trim());
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: 'Time zone must be an IANA time zone name, such as Europe/Madrid' });
    return z.NEVER;
  });

export const UpdatePreferencesBodySchema = z
  .strictObject({ locale: LocaleSchema.optional(), timeZone: TimeZoneSchema.optional() }, { error: 'Only locale and timeZone can be changed here' })
  .refine((body) => body.locale !== undefined || body.timeZone !== undefined, { message: 'Send a locale, a timeZone, or both' });
export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesBodySchema>;
