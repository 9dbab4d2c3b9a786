// Prometheus metrics: request durations by route, the work the product does (photos
// ingested, PDFs built), its queues and rate-limit refusals, plus Node's default process metrics.
// One registry per app (tests build many apps in one process), merged at scrape time with one
// process-wide registry of the default metrics (those watch the process, so they exist once).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface AppMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly photosIngested: Counter<'path'>;
  readonly pdfBuilds: Counter<'result'>;
  readonly rateLimitRefusals: Counter<'limit'>;
  readonly periodicTaskRuns: Counter<'task' | 'result'>;
  /** A gauge read when scraped, such as a queue's length. */
  addGauge(name: string, help: string, read: () => number): void;
  /** The text Prometheus scrapes: this app's metrics and the process's. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * The route label of a request: its route pattern, with the built app's hashed files under one
 * label. Each of them is a route of its own (@fastify/static, wildcard off), and their names
 * change with every build: one label each would add series to Prometheus at every deploy.
 */
export function routeLabel(routePattern: string | undefined): string {
  if (routePattern === undefined) return 'unmatched';
  return routePattern.startsWith('/assets/') ? '/assets/*' : routePattern;
}

let processRegistry: Registry | undefined;

function defaultProcessMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const metrics: AppMetrics = {
    registry,
    requestDuration: new Histogram({
      name: 'cleanproof_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      // Fastify answers small JSON in a few ms; uploads and PDFs take up to seconds.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    photosIngested: new Counter({
      name: 'cleanproof_photos_ingested_total',
      help: 'Photos stored, by how their bytes were stored (kept as sent, or decoded and encoded)',
      labelNames: ['path'],
      registers: [registry],
    }),
    pdfBuilds: new Counter({
      name: 'cleanproof_pdf_builds_total',
      help: 'Report PDFs built on the server, by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'cleanproof_rate_limit_refusals_total',
      help: 'Requests refused with 429, by limit',
      labelNames: ['limit'],
      registers: [registry],
    }),
    periodicTaskRuns: new Counter({
      name: 'cleanproof_periodic_task_runs_total',
      help: 'Periodic task runs on this server, by task and result (ran, skipped when another server had the period, failed)',
      labelNames: ['task', 'result'],
      registers: [registry],
    }),
    addGauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    async scrape() {
      const merged = Registry.merge([registry, defaultProcessMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
  return metrics;
}
