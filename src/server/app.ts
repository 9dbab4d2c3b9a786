// Builds the whole Fastify app from its parts. Used by main.ts and by the tests (which pass
// their own database, store and mailer). Routes are registered explicitly, one plugin per domain.
import fs from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.js';
import { isDatabaseUnavailableError, type Database } from './db/client.js';
import type { PhotoStore } from './storage/photo-store.js';
import type { Mailer } from './mail/mailer.js';
import type { BillingProvider } from './billing/billing-provider.js';
import { HttpError } from './lib/http-errors.js';
import { createOriginGuard } from './lib/origin-guard.js';
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
import { schedulePeriodicTask } from './lib/periodic-task.js';
import { orphanSweepTask } from './photos/orphan-sweeper.js';
import { authCleanupTask } from './auth/auth-cleanup.js';
import { sandboxPeriodsTask, type SandboxBillingProvider } from './billing/sandbox.js';
import { API_PREFIX } from './lib/add-route.js';
import { checkResponsesAgainstRouteTable } from './lib/response-check.js';
import { registerWebApp } from './web/serve-web-app.js';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
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
  }
}

/** The built single-page app, beside the compiled server (dist/web) in production. */
const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Bodies above this are refused with 413 (photos come as JPEG bytes of at most a few MB). */
export const BODY_LIMIT_BYTES = 15 * 1024 * 1024;

export interface BuildAppOptions {
  logger?: boolean;
  serveWeb?: boolean;
  /** Answer 500 when a JSON answer does not match its route table entry (the API tests turn it on). */
  checkResponses?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  });
  app.decorate('deps', deps);

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
  await app.register(fastifyRateLimit, { global: false });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.code(error.statusCode ?? 400).send({ message: clientMessage(error) });
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  app.addHook('onRequest', createOriginGuard(deps.config.appUrl, [SESSION_COOKIE, ADMIN_COOKIE]));

  if (options.checkResponses) checkResponsesAgainstRouteTable(app);

  // Every route plugin, each registering its routes from the route table (src/shared/contract/routes.ts).
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(projectRoutes);
      await api.register(photoRoutes);
      await api.register(photoPairRoutes);
      await api.register(reportPdfRoutes);
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
  if (deps.billing.mode === 'sandbox') schedulePeriodicTask(app, sandboxPeriodsTask(deps.db, deps.billing as SandboxBillingProvider));

  if (options.serveWeb !== false && fs.existsSync(WEB_ROOT)) await registerWebApp(app, WEB_ROOT);
  else app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Not found: ${request.url.split('?')[0]}` }));

  return app;
}

function clientMessage(error: FastifyError | HttpError): string {
  if (error instanceof HttpError) return error.message;
  switch ((error as FastifyError).code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is too large (the limit is ${BODY_LIMIT_BYTES / 1024 / 1024} MB).`;
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
