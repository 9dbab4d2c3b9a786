import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md: errors are JSON { message }). */
export const ErrorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Positive integer id taken from a URL path segment. */
export const IdParamSchema = z.object({
  id: z.coerce.number({ error: 'The id must be a number' }).int('The id must be a whole number').positive('The id must be positive').max(2_147_483_647, 'The id is too large'),
});
