import type { z } from 'zod';
import { badRequest } from './http-errors.js';

/** Parses input with a shared contract schema; the first problem becomes a 400 a person can act on. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // PostgreSQL text cannot hold U+0000; refused here so it is a 400, not a database error (a 500).
    const nulAt = findNulCharacter(result.data);
    if (nulAt !== undefined) throw badRequest(`${nulAt ? `${nulAt}: ` : ''}Text must not contain the NUL character`);
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue?.message ?? 'Invalid request';
  // zod's own type messages ("Invalid input: expected string, received number") get the field name prefixed.
  throw badRequest(field && message.startsWith('Invalid input') ? `${field}: ${message}` : message);
}

/** The path of the first string holding U+0000 ('' for the input itself), or undefined. */
function findNulCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNulCharacter(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
