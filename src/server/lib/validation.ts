import type { z } from 'zod';
import { badRequest } from './http-errors.js';

/** Parses input with a shared contract schema; the first problem becomes a 400 a person can act on. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const message = issue?.message ?? 'Invalid request';
  // zod's own type messages ("Invalid input: expected string, received number") get the field name prefixed.
  throw badRequest(field && message.startsWith('Invalid input') ? `${field}: ${message}` : message);
}
