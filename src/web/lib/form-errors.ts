// Forms check with the same zod schemas the server validates with, and show the first
// problem of each field under it. The schemas name each problem by its error code
// (src/shared/contract/issue-code.ts), so a form decides by the code and words it from the
// catalogue. (zod loads only with the screens that have these forms.)
import type { z } from 'zod';
import { errorText } from './i18n/error-text';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** Each field's first problem, as its error code, or {} when the values pass. */
export function fieldErrorCodesOf<T extends Record<string, unknown>>(schema: z.ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const codes: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in codes)) codes[field as keyof T & string] = issue.message;
  }
  return codes;
}

/** The words for each field's code, in the user's language. */
export function fieldErrorTexts<T>(codes: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, errorText(code as string)])) as FieldErrors<T>;
}

/** Each field's first problem (in the user's language), or {} when the values pass. */
export function fieldErrorsOf<T extends Record<string, unknown>>(schema: z.ZodType, values: T): FieldErrors<T> {
  return fieldErrorTexts(fieldErrorCodesOf(schema, values));
}

/** The attributes that tie an input to its inline error (or its hint when there is none). */
export function describedBy(id: string, error: string | undefined, hintId?: string) {
  return { id, 'aria-invalid': error !== undefined, 'aria-describedby': error !== undefined ? `${id}-error` : hintId };
}
