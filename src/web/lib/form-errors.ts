// Forms check with the same zod schemas the server validates with (issue 16), and show the first
// problem of each field under it. (zod loads only with the screens that have these forms.)
import type { z } from 'zod';
import { errorText } from './i18n/error-text';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** Each field's first problem (in the user's language), or {} when the values pass. */
export function fieldErrorsOf<T extends Record<string, unknown>>(schema: z.ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors)) errors[field as keyof T & string] = errorText(issue.message);
  }
  return errors;
}

/** The attributes that tie an input to its inline error (or its hint when there is none). */
export function describedBy(id: string, error: string | undefined, hintId?: string) {
  return { id, 'aria-invalid': error !== undefined, 'aria-describedby': error !== undefined ? `${id}-error` : hintId };
}
