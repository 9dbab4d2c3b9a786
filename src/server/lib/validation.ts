import type { z } from 'zod';
import { errorMessage, isErrorCode } from '../../shared/error-codes.js';
import { badRequest, HttpError } from './http-errors.js';

/**
 * Parses input with a route table schema (addRoute does, before the handler runs); the first
 * problem becomes a 400 `{ code, message }` a person can act on.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = checkInput(schema, input);
  if (result instanceof HttpError) throw result;
  return result.data;
}

/** The parsed input, or the 400 it earns. */
export function checkInput<T extends z.ZodType>(schema: T, input: unknown): { data: z.infer<T> } | HttpError {
  const result = schema.safeParse(input ?? {});
  if (!result.success) return issueError(result.error.issues[0]);
  // PostgreSQL text cannot hold U+0000; refused here so it is a 400, not a database error (a 500).
  const nulAt = findNulCharacter(result.data);
  if (nulAt !== undefined) return badRequest('text_has_nul', { field: nulAt });
  return { data: result.data };
}

/** A zod issue as a 400: the schema's own code (src/shared/contract/issue-code.ts), or zod's words. */
function issueError(issue: z.core.$ZodIssue | undefined): HttpError {
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '';
  if (!issue) return badRequest('invalid_field', { detail: 'Invalid request' });
  if (isErrorCode(issue.message)) {
    const code = issue.message;
    // A code whose message names its field (photo_id_invalid) takes it from the issue's path.
    return new HttpError(400, code, (errorMessage as (code: string, params: { field: string }) => string)(code, { field }));
  }
  // zod's own type errors ("Invalid input: expected string, received number") say no field; the path does.
  const namesNoField = issue.code === 'invalid_type' || issue.code === 'invalid_union';
  return badRequest('invalid_field', { detail: field && namesNoField ? `${field}: ${issue.message}` : issue.message });
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
