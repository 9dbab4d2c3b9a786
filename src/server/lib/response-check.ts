// The API tests hold every JSON answer to its route table entry, so the schemas the web client
// parses with in development are the answers the server really gives.
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-errors.js';
import { errorMessage } from '../../shared/error-codes.js';

const mismatch = (detail: string) => new HttpError(500, 'response_mismatch', errorMessage('response_mismatch', { detail }));

export function checkResponsesAgainstRouteTable(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const route = request.routeOptions.config.contractRoute;
    if (!route || reply.statusCode >= 300) return payload;
    const expected = route.status ?? 200;
    if (reply.statusCode !== expected && reply.statusCode !== route.repeatStatus)
      throw mismatch(`${route.method} ${route.path} answered ${reply.statusCode}; the route table says ${expected}`);
    if (!route.response) throw mismatch(`${route.method} ${route.path} answered JSON; the route table says it answers with a file or a redirect`);
    const result = route.response.safeParse(payload);
    if (!result.success)
      throw mismatch(`${route.method} ${route.path} answer does not match the route table: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
    return payload;
  });
}
