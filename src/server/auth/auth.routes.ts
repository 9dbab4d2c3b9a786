import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { computeTrialEndsAt } from '../../shared/rules.js';
import { isUniqueViolation } from '../db/client.js';
import { users } from '../db/schema.js';
import { loadMemberById, withBusinessSettings } from './members.js';
import { registerAccount } from './register-account.js';
import { conflict, unauthorized } from '../lib/http-errors.js';
import { createSameOriginCheck } from '../lib/origin-guard.js';
import { bodyEmailKey, clientAddress, createLimiter } from '../lib/rate-limit.js';
import { FAILED_SIGN_IN_MIN_MS, RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { createLockout } from '../lib/lockout.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearSessionCookie, createSession, deleteSession, readSessionToken, setSessionCookie } from './sessions.js';
import { requestDevice, setDeviceCookie, signDeviceCookie, type KnownDevice } from './device-cookie.js';
import { loadServerSecret } from '../lib/server-secrets.js';
import { toUserResponse } from './user-view.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  const sameOrigin = createSameOriginCheck(config.appUrl);
  const registerPerAddress = createLimiter(app, { name: 'register-address', ...RATE_LIMITS.registerPerAddress, key: clientAddress });
  const loginPerAddress = createLimiter(app, {
    name: 'login-address',
    ...RATE_LIMITS.loginPerAddress,
    key: clientAddress,
    refusalPauseMs: FAILED_SIGN_IN_MIN_MS,
  });
  const loginFailures = createLockout(app, { name: 'login-failures', ...RATE_LIMITS.loginFailuresPerAccount, key: bodyEmailKey });
  const deviceSecret = await loadServerSecret(db, 'device-cookie');
  /** Wrong passwords from one known device: past them it is an unknown device again, under the account lockout. */
  const deviceFailures = createLockout(app, {
    name: 'device-failures',
    ...RATE_LIMITS.loginFailuresPerDevice,
    key: (request) => requestDevice(deviceSecret, request)?.nonce ?? '',
  });
  // A request with a well-signed device cookie skips the per-address limit here; the handler
  // applies it after all when the cookie turns out to be another account's.
  const loginPerAddressUnlessKnownDevice = async (request: FastifyRequest) => {
    if (!requestDevice(deviceSecret, request)) await loginPerAddress.hit(request);
  };
  /** Remembers this browser for the account (a new cookie unless it already carries this account's). */
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (requestDevice(deviceSecret, request)?.userId === userId) return;
    setDeviceCookie(reply, signDeviceCookie(deviceSecret, userId), config.secureCookies);
  };

  addRoute(app, api.register, { onRequest: [sameOrigin, registerPerAddress.hit] }, async ({ body, request, reply }) => {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
      .limit(1);
    if (existing) throw conflict('duplicate_email');
    // The app's clock, as every trial and period check uses (tests move it).
    const createdAt = app.deps.clock();
    const passwordHash = await hashPassword(body.password, clientAddress(request));
    let account;
    try {
      account = await registerAccount(db, {
        email: body.email,
        passwordHash,
        businessName: body.businessName,
        locale: body.locale,
        timeZone: body.timeZone,
        createdAt,
        trialEndsAt: computeTrialEndsAt(createdAt),
      });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw conflict('duplicate_email');
      throw error;
    }
    const user = withBusinessSettings(account, account);
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, config.secureCookies);
    rememberDevice(request, reply, user.id);
    return reply.code(201).send(toUserResponse(user));
  });

  // One answer (invalid_login) for an unknown email, a wrong password and a locked account, given no
  // sooner than FAILED_SIGN_IN_MIN_MS after the request came in: the answer never tells them apart, and
  // its time does not either while the hash queue is short (docs/security.md).
  addRoute(app, api.login, { onRequest: [sameOrigin, loginPerAddressUnlessKnownDevice] }, async ({ body, request, reply }) => {
    const failureAnswerAt = performance.now() + FAILED_SIGN_IN_MIN_MS;
    const failed = async (event: 'login_failed' | 'login_locked', userId: number | undefined) => {
      logSecurityEvent(request, event, { userId });
      await new Promise((resolve) => setTimeout(resolve, failureAnswerAt - performance.now()));
      return unauthorized('invalid_login');
    };
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
      .limit(1);
    // A known device is counted on its own, so guesses from elsewhere do not lock it out; once it has
    // used up its own wrong passwords it signs in as an unknown device.
    let device = knownDeviceOf(request, user?.id);
    let deviceAttempt = device ? await deviceFailures.begin(request) : null;
    if (deviceAttempt?.locked) {
      device = null;
      deviceAttempt = null;
    }
    if (!device && requestDevice(deviceSecret, request)) await loginPerAddress.hit(request);

    // Counted before the hash is checked, so a parallel burst gets no more tries than a slow one.
    // A locked account answers exactly as a wrong password does, without spending a hash on it.
    const attempt = deviceAttempt ?? (await loginFailures.begin(request));
    if (attempt.locked) throw await failed('login_locked', user?.id);
    // A member without a password, or deactivated, signs in here no more than an unknown email does.
    // Neither spends a hash (registering already says whether an email has an account, so one would
    // buy no secrecy): a flood of made-up emails costs a lookup each and leaves the hashes to real accounts.
    const member = user?.passwordHash && user.active ? await loadMemberById(db, user.id) : null;
    let valid = false;
    try {
      if (member && user?.passwordHash)
        valid = await verifyPassword(user.passwordHash, body.password, device ? `device:${device.nonce}` : clientAddress(request), device !== null);
    } catch (error) {
      // Not checked (the hash queue was full, the database away): not a failure of this account.
      await attempt.cancel();
      throw error;
    }
    if (!user || !member || !valid) throw await failed(attempt.isLastAllowed ? 'login_locked' : 'login_failed', user?.id);
    await attempt.succeeded();
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, config.secureCookies);
    rememberDevice(request, reply, user.id);
    return { ...toUserResponse(member), authToken: token };
  });

  /** The request's device, when its cookie names this account. */
  function knownDeviceOf(request: FastifyRequest, userId: number | undefined): KnownDevice | null {
    const device = requestDevice(deviceSecret, request);
    return device && userId !== undefined && device.userId === userId ? device : null;
  }

  addRoute(app, api.logout, async ({ request, reply }) => {
    const token = readSessionToken(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, config.secureCookies);
    // The browser drops what it kept of this user (photos, logo): the next person on a shared phone sees none of it.
    reply.header('clear-site-data', '"cache"');
    return { message: 'Signed out' };
  });

  addRoute(app, api.getUser, async ({ user }) => toUserResponse(user));

  // The editor navigates here on a 401 (spec §7); the sign-in page lives at /auth.
  addRoute(app, api.loginRedirect, async ({ reply }) => reply.redirect('/auth'));
};
