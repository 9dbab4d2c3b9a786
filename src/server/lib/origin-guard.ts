// A state-changing request that is authenticated only by a cookie must come from our own
// origin (CSRF defence on top of SameSite=Lax). Bearer-token requests cannot be forged by
// another site, so they pass; so do requests that carry no cookie at all (nothing to abuse).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './http-errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createOriginGuard(appUrl: string, cookieNames: string[]) {
  const appOrigin = new URL(appUrl).origin;
  return async function originGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    // Only a real token counts: an empty 'Bearer ' header leaves the cookie in charge (sessions.ts).
    if (/^Bearer \S/.test(request.headers.authorization ?? '')) return;
    if (!cookieNames.some((name) => request.cookies[name])) return;

    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden('This request must come from the CleanProof app itself.');
    const origin = request.headers.origin;
    if (origin === undefined) return; // not a browser-originated cross-site request (browsers send Origin on non-GET)
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== appOrigin && origin !== hostOrigin) throw forbidden('This request must come from the CleanProof app itself.');
  };
}
