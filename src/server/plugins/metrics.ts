// Prometheus metrics for every request (served at /metrics by health.routes.ts): one registry per
// app, the request durations by route, and the queues of CPU and password work.
import { cpuWork } from '../lib/cpu-work.js';
import { passwordQueue } from '../auth/passwords.js';
import { createMetrics, routeLabel, type AppMetrics } from '../observability/metrics.js';
import { appWide } from './app-wide.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const metricsPlugin = appWide('metrics', async (app) => {
  app.decorate('metrics', createMetrics());
  app.metrics.addGauge('cleanproof_cpu_work_queue_length', 'Image decodes and PDF builds waiting for a core', () => cpuWork.pending);
  app.metrics.addGauge('cleanproof_cpu_work_running', 'Image decodes and PDF builds running', () => cpuWork.running);
  app.metrics.addGauge('cleanproof_password_queue_length', 'Password hashes waiting for a slot', () => passwordQueue.pending);
  app.metrics.addGauge('cleanproof_password_work_running', 'Password hashes running', () => passwordQueue.running);
  app.addHook('onResponse', async (request, reply) => {
    app.metrics.requestDuration.observe(
      { method: request.method, route: routeLabel(request.routeOptions.url), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});
