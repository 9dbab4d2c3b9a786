// What every shared-report answer has in common, the page /r/{token} and the JSON,
// images and PDF under /api/shared/{token}: a budget per client address, no indexing, no
// referrer, never a cookie, and the token checked before anything else is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gone, notFound } from '../lib/http-errors.js';
import { clientAddress, createLimiter, type Limiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { lookUpToken, type TokenLookup } from './share-links.service.js';

export type LiveLink = Extract<TokenLookup, { state: 'live' }>;

/**
 * One budget per client address for the page and everything under /api/shared. Made
 * once in app.ts and handed to both plugins: each limiter counts on its own.
 */
export function createSharedReportLimiter(app: FastifyInstance): Limiter {
  return createLimiter(app, {
    name: 'shared-report-address',
    ...RATE_LIMITS.sharedReportPerAddress,
    key: clientAddress,
    code: 'shared_reports_rate_limited',
  });
}

export interface SharedAnswerOptions {
  limiter: Limiter;
}

/** Hooks for a plugin that serves shared reports. */
export function guardSharedAnswers(app: FastifyInstance, { limiter }: SharedAnswerOptions): void {
  app.addHook('onRequest', limiter.hit);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    // Nothing here signs anyone in or remembers them (these routes never set cookies).
    reply.removeHeader('set-cookie');
    return payload;
  });
}

/** The token in the path, read and judged now. */
export function lookUpRequestToken(request: FastifyRequest): Promise<TokenLookup> {
  const { token } = request.params as { token?: unknown };
  const { db, clock } = request.server.deps;
  return lookUpToken(db, typeof token === 'string' ? token : '', clock());
}

/**
 * The live link, or 404 (unknown token) / 410 (expired or revoked, said in `state`) with what to do.
 * A link of a deleted account is revoked: its business withdrew it.
 */
export async function requireLiveLink(request: FastifyRequest): Promise<LiveLink> {
  const found = await lookUpRequestToken(request);
  if (found.state === 'live') return found;
  if (found.state === 'unknown') throw notFound('link_unknown');
  throw gone(found.state === 'withdrawn' ? 'revoked' : found.state);
}

/**
 * The business behind a link that exists, live or not (its logo on the 410 page); 404 for an
 * unknown token, 410 for a link whose account was deleted (no business is left to show).
 */
export async function requireKnownLink(request: FastifyRequest): Promise<Exclude<TokenLookup, { state: 'unknown' | 'withdrawn' }>> {
  const found = await lookUpRequestToken(request);
  if (found.state === 'unknown') throw notFound('link_unknown');
  if (found.state === 'withdrawn') throw gone('revoked');
  return found;
}
