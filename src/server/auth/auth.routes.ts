import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LoginBodySchema, RegisterBodySchema } from '../../shared/contract/auth.js';
import { computeTrialEndsAt } from '../../shared/rules.js';
import { isUniqueViolation } from '../db/client.js';
import { users } from '../db/schema.js';
import { conflict, unauthorized } from '../lib/http-errors.js';
import { parseInput } from '../lib/validation.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { clearSessionCookie, createSession, deleteSession, readSessionToken, requireUser, setSessionCookie } from './sessions.js';
import { toUserResponse } from './user-view.js';
import { authRateLimit } from './rate-limits.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;

  addRoute(app, api.register, async (request, reply) => {
    const body = parseInput(RegisterBodySchema, request.body);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, body.email.toLowerCase())).limit(1);
    if (existing) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    // The app's clock, as every trial and period check uses (tests move it).
    const createdAt = app.deps.clock();
    const passwordHash = await hashPassword(body.password);
    let user;
    try {
      [user] = await db
        .insert(users)
        .values({ email: body.email, passwordHash, businessName: body.businessName, createdAt, trialEndsAt: computeTrialEndsAt(createdAt) })
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

  addRoute(app, api.login, { config: { rateLimit: authRateLimit('login') } }, async (request, reply) => {
    const body = parseInput(LoginBodySchema, request.body);
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, body.email.toLowerCase())).limit(1);
    const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
    if (!user || !valid) throw unauthorized('Invalid email or password');
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
