// What the request log may say: never a query string (a reset link's ?token=… is a
// password for an hour), never a client link's token (/r/{token}, /api/shared/{token}/…: whoever
// reads the log could open the report), never the Authorization or Cookie headers, never a Set-Cookie.
import type { FastifyRequest } from 'fastify';

/** The path with any query string replaced by a marker. */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** Paths whose segment after the prefix is a client link's token. */
const TOKEN_PATH = /^(\/r\/|\/api\/shared\/)[^/?]+/;

/** The URL as the log may show it: no query string, no client-link token. */
export function redactUrl(url: string): string {
  return redactQuery(url).replace(TOKEN_PATH, '$1[redacted]');
}

export const requestLogOptions = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
    censor: '[redacted]',
  },
  serializers: {
    req(request: FastifyRequest) {
      return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
    },
  },
};
