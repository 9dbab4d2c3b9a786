// DELETE /api/user { password }: the owner deletes the account and everything in it. The password
// is asked again (a session left open on a shared phone is not enough), and wrong ones count
// against the account's sign-in lockout, so a stolen session buys no extra guesses.
import type { FastifyPluginAsync } from 'fastify';
import { errorMessage } from '../../shared/error-codes.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, routeUser } from '../lib/add-route.js';
import { forbidden, tooManyRequests } from '../lib/http-errors.js';
import { createLockout } from '../lib/lockout.js';
import { clientAddress } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { hashToken } from '../lib/tokens.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { verifyPassword } from '../auth/passwords.js';
import { clearSessionCookie } from '../auth/sessions.js';
import { callProvider } from '../billing/provider-errors.js';
import { deleteAccountFiles, deleteAccountRows, stopRenewal } from './account-deletion.service.js';

export const accountDeletionRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, billing, photoStore, clock } = app.deps;
  // The same name and key as sign-in's lockout (auth.routes.ts): one budget of wrong passwords per account.
  const passwordFailures = createLockout(app, {
    name: 'login-failures',
    ...RATE_LIMITS.loginFailuresPerAccount,
    key: (request) => hashToken((routeUser(request).email ?? `member:${routeUser(request).id}`).trim().toLowerCase()),
  });

  addRoute(app, api.deleteAccount, async ({ user, body, request, reply }) => {
    const attempt = await passwordFailures.begin(request);
    if (attempt.locked) {
      logSecurityEvent(request, 'login_locked', { userId: user.id });
      throw tooManyRequests('rate_limited', attempt.retryAfterSeconds, { minutes: Math.ceil(attempt.retryAfterSeconds / 60) });
    }
    let valid: boolean;
    try {
      // An owner who joined without a password cannot confirm with one.
      valid = user.passwordHash ? await verifyPassword(user.passwordHash, body.password, clientAddress(request)) : false;
    } catch (error) {
      await attempt.cancel();
      throw error;
    }
    if (!valid) {
      logSecurityEvent(request, attempt.isLastAllowed ? 'login_locked' : 'login_failed', { userId: user.id });
      throw forbidden('wrong_password');
    }
    await attempt.succeeded();

    // The whole business goes: its subscription (kept on its account), members, reports and files.
    await callProvider(request, () => stopRenewal(db, billing, user.accountId));
    const files = await deleteAccountRows(db, { businessId: user.businessId, accountId: user.accountId }, clock());
    await deleteAccountFiles(photoStore, files);
    logSecurityEvent(request, 'account_deleted', { userId: user.id });

    clearSessionCookie(reply, config.secureCookies);
    // As at Sign Out: the browser drops what it kept of this user (photos, logo).
    reply.header('clear-site-data', '"cache"');
    return { message: errorMessage('account_deleted') };
  });
};
