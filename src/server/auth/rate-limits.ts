import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

const WINDOW = '15 minutes';

/** Attempts allowed per client and email within the window, for each guarded auth action. */
export const AUTH_RATE_LIMITS = { login: 10, 'forgot-password': 5, 'reset-password': 10 } as const;

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Per client address and email: guesses at one account are capped, while many people signing
 * in from one office (or a load test on loopback) are not blocked by each other.
 * Runs after body parsing (hook: preHandler) so the email is known.
 */
export function authRateLimit(action: keyof typeof AUTH_RATE_LIMITS): RateLimitOptions {
  return {
    max: AUTH_RATE_LIMITS[action],
    timeWindow: WINDOW,
    hook: 'preHandler',
    keyGenerator: (request) => `${action}:${request.ip}:${emailOf(request)}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 60_000)} minutes and try again.`,
    }),
  };
}
