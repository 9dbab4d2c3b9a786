// Health, readiness and metrics for load balancers and Prometheus (issue 12), outside /api:
//   GET /healthz  200 while the process is up;
//   GET /readyz   200 when the database answers and the photo store is reachable, else 503 with
//                 a JSON reason; 503 from the moment a shutdown begins;
//   GET /metrics  Prometheus text, behind METRICS_TOKEN (bearer) when it is set.
import { timingSafeEqual, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../lib/http-errors.js';

/** A check that has not answered in this long counts as failed: a probe must answer quickly. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  readonly draining: boolean;
  /** SIGTERM: from now on /readyz answers 503, so the load balancer stops sending work here. */
  startDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

async function withinTimeout(check: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Compares hashes, so neither the token's length nor its prefix leaks through timing. */
function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore, config } = app.deps;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    if (app.readiness.draining) return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
    const checks = await Promise.allSettled([withinTimeout(db.execute(sql`select 1`)), withinTimeout(photoStore.checkReachable())]);
    const [database, store] = checks;
    const reasons = [
      database?.status === 'rejected' ? `database: ${reasonOf(database.reason)}` : null,
      store?.status === 'rejected' ? `photo store: ${reasonOf(store.reason)}` : null,
    ].filter((reason): reason is string => reason !== null);
    if (reasons.length === 0) return { status: 'ready' };
    request.log.warn({ reasons }, 'not ready');
    return reply.code(503).send({ status: 'unavailable', reason: reasons.join('; ') });
  });

  app.get('/metrics', async (request, reply) => {
    if (config.metricsToken && !isMetricsToken(request.headers.authorization, config.metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need the METRICS_TOKEN bearer token.');
    }
    const { contentType, body } = await app.metrics.scrape();
    return reply.type(contentType).send(body);
  });
};
