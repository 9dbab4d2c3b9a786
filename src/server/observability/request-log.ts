// What the request log may say (issue 11): never a query string (a reset link's ?token=… is a
// password for an hour), never the Authorization or Cookie headers, never a Set-Cookie.
import type { FastifyRequest } from 'fastify';

/** The path with any query string replaced by a marker. */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[redacted]`;
}

export const requestLogOptions = {
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
  serializers: {
    req(request: FastifyRequest) {
      return { method: request.method, url: redactQuery(request.url), host: request.host, remoteAddress: request.ip };
    },
  },
};
