// Builds the whole Fastify app from its parts. Used by main.ts and by the tests (which pass
// their own database, store and mailer). Routes are registered explicitly, one plugin per domain.
import fs from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.js';
import { isDatabaseUnavailableError, type AdvisoryLocks, type Database } from './db/client.js';
import type { PhotoStore } from './storage/photo-store.js';
import type { Mailer } from './mail/mailer.js';
import type { BillingProvider } from './billing/billing-provider.js';
import { HttpError } from './lib/http-errors.js';
import { BODY_LIMIT_BYTES } from './lib/body-limits.js';
import { createOriginGuard } from './lib/origin-guard.js';
import { connectRateLimitRedis } from './lib/rate-limit-redis.js';
import { cpuWork } from './lib/cpu-work.js';
import { passwordQueue } from './auth/passwords.js';
import { createMetrics, routeLabel, type AppMetrics } from './observability/metrics.js';
import { createReadiness, healthRoutes, type Readiness } from './health/health.routes.js';
import { requestLogOptions } from './observability/request-log.js';
import { SESSION_COOKIE } from './auth/sessions.js';
import { authRoutes } from './auth/auth.routes.js';
import { passwordResetRoutes } from './auth/password-reset.routes.js';
import { projectRoutes } from './projects/projects.routes.js';
import { photoRoutes } from './photos/photos.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { adminRoutes, ADMIN_COOKIE } from './admin/admin.routes.js';
import { reportPdfRoutes } from './projects/report-pdf.routes.js';
import { businessLogoRoutes } from './account/business-logo.routes.js';
import { photoPairRoutes } from './photos/photo-pairs.routes.js';
import { webhookRoutes } from './billing/webhook.js';
import { openApiRoutes } from './openapi/openapi.routes.js';
import { shareLinkRoutes } from './share-links/share-links.routes.js';
import { sharedReportRoutes } from './share-links/shared-report.routes.js';
import { sharedReportPageRoutes } from './share-links/shared-report-page.routes.js';
import { createSharedReportLimiter } from './share-links/shared-access.js';
import { schedulePeriodicTask } from './lib/periodic-task.js';
import { orphanSweepTask } from './photos/orphan-sweeper.js';
import { uploadKeySweepTask } from './photos/upload-keys.js';
import { authCleanupTask } from './auth/auth-cleanup.js';
import { sandboxPeriodsTask, type SandboxBillingProvider } from './billing/sandbox.js';
import { API_PREFIX } from './lib/add-route.js';
import { checkResponsesAgainstRouteTable } from './lib/response-check.js';
import { registerWebApp } from './web/serve-web-app.js';
import { errorCodeOf } from '../shared/error-codes.js';

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
    metrics: AppMetrics;
    readiness: Readiness;
  }
}

/** The built single-page app, beside the compiled server (dist/web) in production. */
const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));


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
    options.logger === false ? false : { level: deps.config.logLevel, ...requestLogOptions, ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}) };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: request.ip (and every rate limit's address) is then the client's, not the proxy's.
    trustProxy: toFastifyTrustProxy(deps.config.trustProxy),
  });
  app.decorate('deps', deps);
  app.decorate('metrics', createMetrics());
  app.decorate('readiness', createReadiness());
  app.metrics.addGauge('cleanproof_cpu_work_queue_length', 'Image decodes and PDF builds waiting for a core', () => cpuWork.pending);
  app.metrics.addGauge('cleanproof_cpu_work_running', 'Image decodes and PDF builds running', () => cpuWork.running);
  app.metrics.addGauge('cleanproof_password_queue_length', 'Password hashes waiting for a slot', () => passwordQueue.pending);
  app.metrics.addGauge('cleanproof_password_work_running', 'Password hashes running', () => passwordQueue.running);
  app.addHook('onResponse', async (request, reply) => {
    app.metrics.requestDuration.observe({ method: request.method, route: routeLabel(request.routeOptions.url), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  await app.register(fastifyCookie);
  // gzip/brotli for JSON and the SPA's assets: the first-load JavaScript budget (DESIGN.md) is counted compressed.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Stripe.js and its frames (docs.stripe.com/security/guide): it starts frames on changing subdomains.
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        // Radix primitives position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.secureCookies,
  });
  const redis = deps.config.redisUrl ? await connectRateLimitRedis(deps.config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Limits are per route (lib/rate-limit.ts); skipOnError: a Redis outage lets requests through.
  await app.register(fastifyRateLimit, { global: false, skipOnError: true, redis, nameSpace: options.rateLimitKeyPrefix ?? 'cleanproof:rate-limit:' });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.message, error.statusCode));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody(clientMessage(error, request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES), error.statusCode));
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  // The client link's page and its data (issue 14) share one budget per address.
  const sharedReportLimiter = createSharedReportLimiter(app);

  app.addHook('onRequest', createOriginGuard(deps.config.appUrl, [SESSION_COOKIE, ADMIN_COOKIE]));

  if (options.checkResponses) checkResponsesAgainstRouteTable(app);

  await app.register(healthRoutes);
  // Every route plugin, each registering its routes from the route table (src/shared/contract/routes.ts).
  await app.register(
    async (api) => {
      // Answers with user data must never be kept by a browser or a shared cache (issue 11); the
      // photo and logo routes set their own private caching (their URLs never change meaning).
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(projectRoutes);
      await api.register(photoRoutes);
      await api.register(photoPairRoutes);
      await api.register(reportPdfRoutes);
      await api.register(shareLinkRoutes);
      await api.register(sharedReportRoutes, { limiter: sharedReportLimiter });
      await api.register(billingRoutes);
      await api.register(webhookRoutes);
      await api.register(accountRoutes);
      await api.register(businessLogoRoutes);
      await api.register(adminRoutes);
      await api.register(openApiRoutes);
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` }));
    },
    { prefix: API_PREFIX },
  );

  // Every periodic task of a server, each safe to run on several servers at once.
  schedulePeriodicTask(app, orphanSweepTask(deps, app.log));
  schedulePeriodicTask(app, authCleanupTask(deps));
  schedulePeriodicTask(app, uploadKeySweepTask(deps));
  if (deps.billing.mode === 'sandbox') schedulePeriodicTask(app, sandboxPeriodsTask(deps.db, deps.billing as SandboxBillingProvider));

  const servesWeb = options.serveWeb !== false && fs.existsSync(WEB_ROOT);
  // The client link's page (issue 14) exists without the web build too (the API tests check its head).
  await app.register(sharedReportPageRoutes, { limiter: sharedReportLimiter, webRoot: servesWeb ? WEB_ROOT : undefined });
  if (servesWeb) await registerWebApp(app, WEB_ROOT);
  else app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Not found: ${request.url.split('?')[0]}` }));

  return app;
}

/** { message } in English, with the stable `code` of the errors a user can see (issue 15). */
function errorBody(message: string, status: number): { message: string; code?: string } {
  const code = errorCodeOf(message, status);
  return code ? { message, code } : { message };
}

function clientMessage(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is too large (the limit is ${formatBytes(bodyLimit)}).`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send JSON.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
    default:
      if (error.message.includes('JSON')) return 'The request body is not valid JSON.';
      return error.message || 'Bad request';
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
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
