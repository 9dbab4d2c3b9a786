// The admin API (spec §6 admin role, §7 calls): unlock with the shared password, then read
// analytics and export users. Every read needs the admin session; a user session is not enough.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { adminUsersCsvFilename, type AdminSession } from '../../shared/contract/admin.js';
import { unauthorized } from '../lib/http-errors.js';
import { createSameOriginCheck } from '../lib/origin-guard.js';
import { isAdminPassword } from './admin-password-check.js';
import { clearAdminCookie, createAdminSession, deleteAdminSession, findAdminSession, setAdminCookie, ADMIN_COOKIE } from './admin-sessions.js';
import { createAdminVerifyLimit } from './admin-verify-limit.js';
import { computeAdminAnalytics } from './admin-analytics.js';
import { generateUsersCsv } from './users-csv.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export { ADMIN_COOKIE };

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, clock, adminPassword, billing } = app.deps;
  const verifyLimit = createAdminVerifyLimit(app);

  addRoute(app, api.verifyAdmin, { onRequest: createSameOriginCheck(config.appUrl) }, async ({ body, request, reply }) => {
    const attempt = await verifyLimit.begin(request);
    if (!isAdminPassword(body.password, adminPassword)) {
      attempt.failed();
      // spec §8: the text the page shows for a wrong password.
      throw unauthorized('invalid_admin_password');
    }
    await attempt.succeeded();
    const { token, expiresAt } = await createAdminSession(db, clock());
    setAdminCookie(reply, token, expiresAt, config.secureCookies);
    const session: AdminSession = { unlocked: true, expiresAt: expiresAt.toISOString() };
    return session;
  });

  // Lets the page know on load whether this browser is already unlocked (spec §4).
  addRoute(app, api.getAdminSession, async ({ request, reply }) => {
    const session = await findAdminSession(request);
    reply.header('cache-control', 'no-store');
    const body: AdminSession = session ? { unlocked: true, expiresAt: session.expiresAt.toISOString() } : { unlocked: false, expiresAt: null };
    return body;
  });

  addRoute(app, api.lockAdmin, async ({ request, reply }) => {
    const token = request.cookies[ADMIN_COOKIE];
    if (token) await deleteAdminSession(db, token);
    clearAdminCookie(reply, config.secureCookies);
    return { message: 'Admin dashboard locked' };
  });

  addRoute(app, api.getAdminAnalytics, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return computeAdminAnalytics(db, clock(), billing.mode);
  });

  addRoute(app, api.getUsersCsv, async ({ reply }) => {
    const now = clock();
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', `attachment; filename="${adminUsersCsvFilename(now)}"`)
      .send(Readable.from(generateUsersCsv(db, now, billing.mode)));
  });
};
