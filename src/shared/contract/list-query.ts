// The query of a paged, searchable list (reports, clients): ?limit=&before=&q=. Query strings are
// text, so numbers are plain digits written one canonical way, as in a path.
import { z } from 'zod';
import type { ErrorCode } from '../error-codes.js';
import { LIST_LIMIT_MAX, SEARCH_TEXT_MAX_LENGTH } from '../rules.js';
import { issueCode } from './issue-code.js';

/** A positive id in a query string, refused with `code` when it is anything else. */
export const queryIdSchema = (code: ErrorCode) =>
  z
    .string({ error: issueCode(code) })
    .regex(/^[1-9][0-9]{0,9}$/, issueCode(code))
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, issueCode(code)));

export const ListLimitSchema = z
  .string({ error: issueCode('list_limit_invalid') })
  .regex(/^[1-9][0-9]{0,2}$/, issueCode('list_limit_invalid'))
  .transform(Number)
  .pipe(z.number().max(LIST_LIMIT_MAX, issueCode('list_limit_invalid')))
  .describe(`At most this many entries (1 to ${LIST_LIMIT_MAX})`);

/** Blank means no search. */
export const SearchTextSchema = z
  .string({ error: issueCode('search_text_too_long') })
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH, issueCode('search_text_too_long'))
  .describe('Matches ignoring case and accents; a few letters of a word are enough');

export const ListQuerySchema = z.object({
  limit: ListLimitSchema.optional(),
  before: queryIdSchema('list_before_invalid').describe('Entries after this one in the list (keyset paging)').optional(),
  q: SearchTextSchema.optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
