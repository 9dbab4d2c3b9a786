import { z } from 'zod';
import { issueCode } from './issue-code.js';

/**
 * Every error the API returns has this shape. `code` (src/shared/error-codes.ts) is stable, so
 * the app says it in the user's language; `message` is its English text. A 410 from a client link
 * also says whether it expired or was revoked.
 */
export const ErrorResponseSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  message: z.string(),
  state: z.enum(['expired', 'revoked']).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * Positive integer id taken from a URL path segment, written the one canonical way: plain digits.
 * (Number() alone would also take '0x10', '1e1' or ' 5 ', giving one record many addresses.)
 */
export const IdParamSchema = z.object({
  id: z
    .string({ error: issueCode('id_not_number') })
    .regex(/^[1-9][0-9]{0,9}$/, issueCode('id_invalid'))
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, issueCode('id_too_large'))),
});
