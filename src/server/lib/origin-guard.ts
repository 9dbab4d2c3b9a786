// Cross-site request forgery defences, on top of SameSite cookies.
// 1. A state-changing request authenticated only by a cookie must come from our own origin.
//    Bearer-token requests cannot be forged by another site, so they pass; so do requests that
//    carry no cookie at all (nothing to abuse).
// 2. The routes that issue a session (login, register, reset-password, admin verify) check the
//    origin whether or not a cookie is sent: otherwise another site could sign a
//    visitor into the attacker's account ("login CSRF"), and the visitor's photos would go there.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './http-errors.js';
import { logSecurityEvent } from '../observability/security-events.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a browser says this request was started by another site. */
function isForeignRequest(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false; // not browser-originated (browsers send Origin on non-GET)
  const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin !== appOrigin && origin !== hostOrigin;
}

function refuse(request: FastifyRequest): never {
  logSecurityEvent(request, 'origin_refused');
  throw forbidden('foreign_origin');
}

export function createOriginGuard(appUrl: string, cookieNames: string[]) {
  const appOrigin = new URL(appUrl).origin;
  return async function originGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    // Only a real token counts: an empty 'Bearer ' header leaves the cookie in charge (sessions.ts).
    if (/^Bearer \S/.test(request.headers.authorization ?? '')) return;
    if (!cookieNames.some((name) => request.cookies[name])) return;
    if (isForeignRequest(request, appOrigin)) refuse(request);
  };
}

/** For the routes that issue a session cookie: refuses a foreign origin, cookie or not. */
export function createSameOriginCheck(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return async function sameOriginCheck(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (isForeignRequest(request, appOrigin)) refuse(request);
  };
}
