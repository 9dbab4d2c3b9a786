import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LoginBodySchema, RegisterBodySchema } from '../../shared/contract/auth.js';
import { computeTrialEndsAt } from '../../shared/rules.js';
import { isUniqueViolation } from '../db/client.js';
import { users } from '../db/schema.js';
import { conflict, unauthorized } from '../lib/http-errors.js';
import { createSameOriginCheck } from '../lib/origin-guard.js';
import { bodyEmailKey, clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { parseInput } from '../lib/validation.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { clearSessionCookie, createSession, deleteSession, readSessionToken, requireUser, setSessionCookie } from './sessions.js';
import { toUserResponse } from './user-view.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';
/** One answer for an unknown email, a wrong password and a locked account: none tells them apart. */
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  const sameOrigin = createSameOriginCheck(config.appUrl);
  const registerPerAddress = createLimiter(app, { name: 'register-address', ...RATE_LIMITS.registerPerAddress, key: clientAddress });
  const loginPerAddress = createLimiter(app, { name: 'login-address', ...RATE_LIMITS.loginPerAddress, key: clientAddress });
  const loginFailures = createLimiter(app, { name: 'login-failures', ...RATE_LIMITS.loginFailuresPerAccount, key: bodyEmailKey });

  addRoute(app, api.register, { onRequest: [sameOrigin, registerPerAddress.hit] }, async (request, reply) => {
    const body = parseInput(RegisterBodySchema, request.body);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, body.email.toLowerCase())).limit(1);
    if (existing) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    // The app's clock, as every trial and period check uses (tests move it).
    const createdAt = app.deps.clock();
    const passwordHash = await hashPassword(body.password, clientAddress(request));
    let user;
    try {
      [user] = await db
        .insert(users)
        .values({ email: body.email, passwordHash, businessName: body.businessName, locale: body.locale, timeZone: body.timeZone, createdAt, trialEndsAt: computeTrialEndsAt(createdAt) })
        .returning();
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
      throw error;
    }
    if (!user) throw new Error('Insert returned no user');
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, config.secureCookies);
    return reply.code(201).send(toUserResponse(user));
  });

  addRoute(app, api.login, { onRequest: [sameOrigin, loginPerAddress.hit] }, async (request, reply) => {
    const body = parseInput(LoginBodySchema, request.body);
    // A locked account answers exactly as a wrong password does, without spending a hash on it.
    if ((await loginFailures.isLocked(request)).locked) {
      logSecurityEvent(request, 'login_locked');
      throw unauthorized(INVALID_LOGIN_MESSAGE);
    }
    const client = clientAddress(request);
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, body.email.toLowerCase())).limit(1);
    const valid = user ? await verifyPassword(user.passwordHash, body.password, client) : await verifyAgainstDummy(body.password, client);
    if (!user || !valid) {
      const nowLocked = await loginFailures.recordFailure(request);
      logSecurityEvent(request, nowLocked ? 'login_locked' : 'login_failed', { userId: user?.id });
      throw unauthorized(INVALID_LOGIN_MESSAGE);
    }
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, config.secureCookies);
    return { ...toUserResponse(user), authToken: token };
  });

  addRoute(app, api.logout, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, config.secureCookies);
    return { message: 'Signed out' };
  });

  addRoute(app, api.getUser, async (request) => toUserResponse(await requireUser(request)));

  // The editor navigates here on a 401 (spec §7); the sign-in page lives at /auth.
  addRoute(app, api.loginRedirect, async (_request, reply) => reply.redirect('/auth'));
};
