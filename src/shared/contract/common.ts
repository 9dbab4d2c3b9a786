import { z } from 'zod';

/**
 * Every error the API returns has this shape (DESIGN.md: errors are JSON { message }). `message` is
 * English; `code` (src/shared/error-codes.ts) names the errors a user can see, so the app can say
 * them in the user's language (issue 15).
 */
export const ErrorResponseSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * Positive integer id taken from a URL path segment, written the one canonical way: plain digits.
 * (Number() alone would also take '0x10', '1e1' or ' 5 ', giving one record many addresses.)
 */
export const IdParamSchema = z.object({
  id: z
    .string({ error: 'The id must be a number' })
    .regex(/^[1-9][0-9]{0,9}$/, 'The id must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'The id is too large')),
});
