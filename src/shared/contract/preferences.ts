// The user's preferences (issues 13 and 15): the language of the app, emails and PDFs, and the
// time zone the PDF prints capture times in, and the member's name (issue 24). Each field is
// optional; at least one is sent.
import { z } from 'zod';
import { SUPPORTED_LOCALES, canonicalTimeZone } from '../preferences.js';
import { issueCode } from './issue-code.js';
import { MemberNameSchema } from './member-name.js';

export const LocaleSchema = z.enum(SUPPORTED_LOCALES, { error: issueCode('language_invalid') });

export const TimeZoneSchema = z.string({ error: issueCode('time_zone_invalid') }).transform((value, context) => {
  const canonical = canonicalTimeZone(value.trim());
  if (canonical) return canonical;
  context.addIssue({ code: 'custom', message: issueCode('time_zone_invalid') });
  return z.NEVER;
});

export const UpdatePreferencesBodySchema = z
  .strictObject(
    // name: the member's own, as the crew sees it on photos, reports and PDFs.
    { locale: LocaleSchema.optional(), timeZone: TimeZoneSchema.optional(), name: MemberNameSchema.optional() },
    { error: issueCode('preferences_unknown_field') },
  )
  .refine((body) => body.locale !== undefined || body.timeZone !== undefined || body.name !== undefined, { message: issueCode('preferences_empty') });
export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesBodySchema>;
