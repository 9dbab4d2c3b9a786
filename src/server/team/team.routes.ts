// The crew's routes: the team page (owner, manager), joining from an invite and signing in with a
// sign-in link (public, rate-limited per address like registering). Joining and a sign-in link
// sign in exactly as POST /api/login does: the session cookie and the bearer authToken.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { LoginResponse } from '../../shared/contract/auth.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { loadMemberById } from '../auth/members.js';
import { hashPassword } from '../auth/passwords.js';
import { createSession, setSessionCookie } from '../auth/sessions.js';
import { toUserResponse } from '../auth/user-view.js';
import { isUniqueViolation } from '../db/client.js';
import { addRoute } from '../lib/add-route.js';
import { conflict, goneFor, notFound } from '../lib/http-errors.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { logoContentType } from '../account/business-logo.js';
import { createSameOriginCheck } from '../lib/origin-guard.js';
import { clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { localeFromAcceptLanguage } from '../lib/request-locale.js';
import { loadServerSecret } from '../lib/server-secrets.js';
import { signInUrl } from './invite-tokens.js';
import {
  acceptInvite,
  createInvite,
  createSignInLink,
  findUsableInvite,
  loadTeam,
  redeemSignInLink,
  revokeInvite,
  updateMember,
  type TeamDeps,
} from './team.service.js';

export const teamRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, clock, photoStore } = app.deps;
  const deps: TeamDeps = { db, appUrl: config.appUrl, inviteKey: await loadServerSecret(db, 'invite-links') };
  const sameOrigin = createSameOriginCheck(config.appUrl);
  const joinPerAddress = createLimiter(app, { name: 'join-address', ...RATE_LIMITS.registerPerAddress, key: clientAddress });
  const inviteLogoPerAddress = createLimiter(app, { name: 'invite-logo-address', ...RATE_LIMITS.inviteLogoPerAddress, key: clientAddress });

  /** Signs the member in as POST /api/login does; a member deactivated meanwhile gets the link's 410. */
  const signIn = async (reply: FastifyReply, userId: number, status: 200 | 201): Promise<FastifyReply> => {
    const member = await loadMemberById(db, userId);
    if (!member) throw goneFor('sign_in_link_gone');
    const token = await createSession(db, member.id);
    setSessionCookie(reply, token, config.secureCookies);
    const answer: LoginResponse = { ...toUserResponse(member), authToken: token };
    return reply.code(status).send(answer);
  };

  addRoute(app, api.getTeam, async ({ user }) => loadTeam(deps, user, clock()));

  addRoute(app, api.createInvite, async ({ user, body, reply }) => reply.code(201).send(await createInvite(deps, user, body, clock())));

  addRoute(app, api.revokeInvite, async ({ user, params }) => {
    await revokeInvite(db, user, params.id, clock());
    return { message: 'Invite revoked' };
  });

  addRoute(app, api.getInvite, { onRequest: [joinPerAddress.hit] }, async ({ params }) => {
    const { invite, businessName, businessLogoKey } = await findUsableInvite(db, params.token, clock());
    return {
      businessName,
      role: invite.role,
      name: invite.name,
      expiresAt: invite.expiresAt.toISOString(),
      businessLogoUrl: businessLogoKey ? `/api/join/${params.token}/logo` : null,
    };
  });

  // Only while the invite is usable, as the page that shows it.
  addRoute(app, api.getInviteLogo, { onRequest: [inviteLogoPerAddress.hit] }, async ({ params, request, reply }) => {
    const { businessLogoKey: key } = await findUsableInvite(db, params.token, clock());
    const bytes = key ? await photoStore.get(key) : null;
    if (!key || !bytes) throw notFound('shared_logo_missing');
    // Each upload gets a new key, so the key names these bytes.
    return sendRevalidated(request, reply, `"logo-${key.split('/').pop() ?? ''}"`, logoContentType(key), bytes);
  });

  addRoute(app, api.joinBusiness, { onRequest: [sameOrigin, joinPerAddress.hit] }, async ({ params, body, request, reply }) => {
    const now = clock();
    // The invite is checked before a password is hashed: a dead link costs no hash.
    await findUsableInvite(db, params.token, now);
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password, clientAddress(request));
    let member;
    try {
      member = await acceptInvite(db, params.token, { body, passwordHash, locale: localeFromAcceptLanguage(request.headers['accept-language']) }, now);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides.
      if (isUniqueViolation(error)) throw conflict('duplicate_email');
      throw error;
    }
    return signIn(reply, member.id, 201);
  });

  addRoute(app, api.createSignInLink, async ({ user, params }) => {
    const link = await createSignInLink(db, user, params.id, clock());
    return { url: signInUrl(config.appUrl, link.token), expiresAt: link.expiresAt.toISOString() };
  });

  addRoute(app, api.updateMember, async ({ user, params, body }) => updateMember(db, user, params.id, body));

  addRoute(app, api.signInWithLink, { onRequest: [sameOrigin, joinPerAddress.hit] }, async ({ params, reply }) =>
    signIn(reply, await redeemSignInLink(db, params.token, clock()), 200),
  );
};
