// What every shared-report answer has in common (issue 14), the page /r/{token} and the JSON,
// images and PDF under /api/shared/{token}: a budget per client address, no indexing, no
// referrer, never a cookie, and the token checked before anything else is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { goneLinkMessage } from '../../shared/shared-report-text.js';
import { gone, notFound } from '../lib/http-errors.js';
import { clientAddress, createLimiter, type Limiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { lookUpToken, type TokenLookup } from './share-links.service.js';

export type LiveLink = Extract<TokenLookup, { state: 'live' }>;

/**
 * One budget per client address for the page and everything under /api/shared (issue 14). Made
 * once in app.ts and handed to both plugins: each limiter counts on its own.
 */
export function createSharedReportLimiter(app: FastifyInstance): Limiter {
  return createLimiter(app, {
    name: 'shared-report-address',
    ...RATE_LIMITS.sharedReportPerAddress,
    key: clientAddress,
    message: (minutes) => `Too many requests for shared reports from this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
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
    // Nothing here signs anyone in or remembers them (issue 14: these routes never set cookies).
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

/** The live link, or 404 (unknown token) / 410 (expired or revoked) with what to do. */
export async function requireLiveLink(request: FastifyRequest): Promise<LiveLink> {
  const found = await lookUpRequestToken(request);
  if (found.state === 'live') return found;
  throw found.state === 'unknown' ? notFound(goneLinkMessage('unknown')) : gone(goneLinkMessage(found.state));
}
