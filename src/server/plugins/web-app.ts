// Pages outside /api: the client link's page /r/{token} (which exists without the web build too:
// the API tests check its head), and the built single-page app with its static files, when there is
// one; without it, any other path is a JSON 404.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Limiter } from '../lib/rate-limit.js';
import { notFound } from '../lib/http-errors.js';
import { sharedReportPageRoutes } from '../share-links/shared-report-page.routes.js';
import { registerWebApp } from '../web/serve-web-app.js';
import { appWide } from './app-wide.js';

/** The built single-page app, beside the compiled server (dist/web) in production. */
const WEB_ROOT = fileURLToPath(new URL('../../../dist/web', import.meta.url));

export const webAppPlugin = appWide<{ serveWeb: boolean; sharedReportLimiter: Limiter }>('web-app', async (app, { serveWeb, sharedReportLimiter }) => {
  const servesWeb = serveWeb && fs.existsSync(WEB_ROOT);
  await app.register(sharedReportPageRoutes, { limiter: sharedReportLimiter, webRoot: servesWeb ? WEB_ROOT : undefined });
  if (servesWeb) await registerWebApp(app, WEB_ROOT);
  else app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound('page_not_found', { path: request.url.split('?')[0] ?? '' }).toBody()));
});
