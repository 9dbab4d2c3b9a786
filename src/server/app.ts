// Builds the whole Fastify app from its parts, in order: what every request goes through first,
// then the routes. Used by main.ts and by the tests (which pass their own database, store and
// mailer). Each part is a small plugin (./plugins/); the API's routes are registered explicitly,
// one plugin per domain, each from its entries in the route table.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { AdvisoryLocks, Database } from './db/client.js';
import type { PhotoStore } from './storage/photo-store.js';
import type { Mailer } from './mail/mailer.js';
import type { BillingProvider } from './billing/billing-provider.js';
import { BODY_LIMIT_BYTES } from './lib/body-limits.js';
import { API_PREFIX } from './lib/add-route.js';
import { checkResponsesAgainstRouteTable } from './lib/response-check.js';
import { notFound } from './lib/http-errors.js';
import { requestLogOptions } from './observability/request-log.js';
import { createReadiness, healthRoutes, type Readiness } from './health/health.routes.js';
import { metricsPlugin } from './plugins/metrics.js';
import { uploadsInFlightPlugin } from './plugins/uploads-in-flight.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { rateLimitStorePlugin } from './plugins/rate-limit-store.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { routeAccessPlugin } from './plugins/route-access.js';
import { periodicTasksPlugin } from './plugins/periodic-tasks.js';
import { webAppPlugin } from './plugins/web-app.js';
import { authRoutes } from './auth/auth.routes.js';
import { passwordResetRoutes } from './auth/password-reset.routes.js';
import { projectRoutes } from './projects/projects.routes.js';
import { clientRoutes } from './clients/clients.routes.js';
import { photoRoutes } from './photos/photos.routes.js';
import { accountExportRoutes } from './account-export/account-export.routes.js';
import { photoPairRoutes } from './photos/photo-pairs.routes.js';
import { templateRoutes } from './templates/templates.routes.js';
import { reportPdfRoutes } from './projects/report-pdf.routes.js';
import { shareLinkRoutes } from './share-links/share-links.routes.js';
import { sharedReportRoutes } from './share-links/shared-report.routes.js';
import { createSharedReportLimiter } from './share-links/shared-access.js';
import { clientLoopRoutes } from './client-loop/client-loop.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { sharedAnswerRoutes } from './client-loop/shared-answers.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { webhookRoutes } from './billing/webhook.js';
import { accountRoutes } from './account/account.routes.js';
import { businessLogoRoutes } from './account/business-logo.routes.js';
import { accountDeletionRoutes } from './account-deletion/account-deletion.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { openApiRoutes } from './openapi/openapi.routes.js';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Advisory locks: periodic tasks run once per period across a fleet. */
  dbLocks: AdvisoryLocks;
  photoStore: PhotoStore;
  mailer: Mailer;
  /** Sandbox (default), Stripe (STRIPE_* keys) or none (BILLING_SANDBOX=false without keys). */
  billing: BillingProvider;
  /** The current time; tests move it to check trials and periods. */
  clock: () => Date;
  /** The shared admin password in force (configured or generated at start). */
  adminPassword: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    readiness: Readiness;
  }
}

export interface BuildAppOptions {
  /** false: no logging (tests); a stream: log lines go there (tests that read the log). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  serveWeb?: boolean;
  /** Prefix of the rate-limit keys in Redis; tests give each app its own so they do not share counters. */
  rateLimitKeyPrefix?: string;
  /** Answer 500 when a JSON answer does not match its route table entry (the API tests turn it on). */
  checkResponses?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : { level: deps.config.logLevel, ...requestLogOptions, ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}) };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: request.ip (and every rate limit's address) is then the client's, not the proxy's.
    trustProxy: toFastifyTrustProxy(deps.config.trustProxy),
  });
  app.decorate('deps', deps);
  app.decorate('readiness', createReadiness());

  await app.register(metricsPlugin);
  await app.register(uploadsInFlightPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitStorePlugin, { keyPrefix: options.rateLimitKeyPrefix });
  await app.register(errorHandlerPlugin);
  await app.register(routeAccessPlugin);
  if (options.checkResponses) checkResponsesAgainstRouteTable(app);
  // The client link's page and its data share one budget per address.
  const sharedReportLimiter = createSharedReportLimiter(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      // Answers with user data must never be kept by a browser or a shared cache; the
      // photo and logo routes set their own private caching (their URLs never change meaning).
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(projectRoutes);
      await api.register(clientRoutes);
      await api.register(photoRoutes);
      await api.register(photoPairRoutes);
      await api.register(templateRoutes);
      await api.register(reportPdfRoutes);
      await api.register(shareLinkRoutes);
      await api.register(sharedReportRoutes, { limiter: sharedReportLimiter });
      await api.register(clientLoopRoutes);
      await api.register(teamRoutes);
      await api.register(sharedAnswerRoutes, { limiter: sharedReportLimiter });
      await api.register(billingRoutes);
      await api.register(webhookRoutes);
      await api.register(accountRoutes);
      await api.register(businessLogoRoutes);
      await api.register(accountExportRoutes);
      await api.register(accountDeletionRoutes);
      await api.register(adminRoutes);
      await api.register(openApiRoutes);
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send(notFound('route_not_found', { method: request.method, path: request.url.split('?')[0] ?? '' }).toBody()),
      );
    },
    { prefix: API_PREFIX },
  );
  await app.register(periodicTasksPlugin);
  await app.register(webAppPlugin, { serveWeb: options.serveWeb !== false, sharedReportLimiter });
  return app;
}

/**
 * A hop count trusts that many proxies in front of the server, whoever they are (as Express does).
 * Fastify 5 reads a bare number as "trust nothing", so the count becomes proxy-addr's trust
 * function: hop 0 is the socket's peer. Only safe when clients cannot reach the server directly;
 * the README's Deploying section says so, and lists addresses as the stricter choice.
 */
function toFastifyTrustProxy(trustProxy: AppDeps['config']['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}
