import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser may keep a private image, but must ask again before each use: a 304 while the
 * caller may still see it, a 401/404/410 once they may not. A long-lived cache would outlive
 * Sign Out on a shared phone; no shared cache may keep it at all.
 */
export const REVALIDATE_PRIVATE = 'private, no-cache';

/** Sends bytes whose `etag` names them for good (a new file gets a new id or key), or a 304 when the browser has them. */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, etag: string, contentType: string, bytes: Buffer): FastifyReply {
  reply.header('cache-control', REVALIDATE_PRIVATE).header('etag', etag);
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag) || known.includes('*')) return reply.code(304).send();
  return reply.type(contentType).send(bytes);
}
