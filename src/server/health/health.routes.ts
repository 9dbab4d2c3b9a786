// Health, readiness and metrics for load balancers and Prometheus, outside /api:
//   GET /healthz  200 while the process is up;
//   GET /readyz   200 when the database answers and the photo store is reachable, else 503 with
//                 a short JSON reason (the details are logged); 503 from the moment a shutdown begins;
//   GET /metrics  Prometheus text, behind METRICS_TOKEN (bearer) when it is set.
import { timingSafeEqual, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../lib/http-errors.js';
import { StorageUnavailableError } from '../storage/storage-unavailable.js';

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
    const failures = [
      database?.status === 'rejected' ? { part: 'database', error: reasonOf(database.reason) } : null,
      store?.status === 'rejected'
        ? { part: 'photo store', error: reasonOf(store.reason), full: store.reason instanceof StorageUnavailableError && store.reason.problem === 'full' }
        : null,
    ].filter((failure) => failure !== null);
    if (failures.length === 0) return { status: 'ready' };
    // The details (paths, hosts, driver messages) go to the log; the probe gets a short reason only.
    request.log.warn({ failures }, 'not ready');
    return reply.code(503).send({
      status: 'unavailable',
      reason: failures.map((failure) => `${failure.part} ${'full' in failure && failure.full ? 'full' : 'unavailable'}`).join('; '),
    });
  });

  app.get('/metrics', async (request, reply) => {
    if (config.metricsToken && !isMetricsToken(request.headers.authorization, config.metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('metrics_token_required');
    }
    const { contentType, body } = await app.metrics.scrape();
    return reply.type(contentType).send(body);
  });
};
