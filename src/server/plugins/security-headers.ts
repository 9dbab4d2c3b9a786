// Security headers on every answer (helmet, with a Content-Security-Policy the app itself passes),
// cookies, compression, and the origin guard that refuses a cookie-authenticated state change
// coming from another site.
import { constants as zlibConstants } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import { createOriginGuard } from '../lib/origin-guard.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { ADMIN_COOKIE } from '../admin/admin-sessions.js';
import { appWide } from './app-wide.js';

export const securityHeadersPlugin = appWide('security-headers', async (app) => {
  const { config } = app.deps;
  await app.register(fastifyCookie);
  // gzip/brotli for JSON and the SPA's assets: the first-load JavaScript budget is counted compressed.
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
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies,
  });
  app.addHook('onRequest', createOriginGuard(config.appUrl, [SESSION_COOKIE, ADMIN_COOKIE]));
});
