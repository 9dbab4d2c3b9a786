// Sessions: one random token per sign-in, sent both as an HttpOnly cookie and (on login) as the
// bearer authToken; either one alone authenticates. Only its SHA-256 is stored.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { loadSessionMember, noteSeen } from './members.js';
import type { SignedInUser } from '../lib/add-route.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import { DAY_MS } from '../../shared/rules.js';

export const SESSION_COOKIE = 'cp_session';
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export async function createSession(db: Database, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
  return token;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (after a password reset). */
export async function deleteUserSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_LIFETIME_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The session token a request carries: the bearer header wins over the cookie. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie || undefined;
}

const resolvedUser = new WeakMap<FastifyRequest, SignedInUser | null>();

/** The signed-in, active member with their business's settings, or null. Looked up once per request. */
export async function findRequestUser(request: FastifyRequest): Promise<SignedInUser | null> {
  if (resolvedUser.has(request)) return resolvedUser.get(request) ?? null;
  const token = readSessionToken(request);
  let user: SignedInUser | null = null;
  if (token && token.length <= 200) {
    const { db, clock } = request.server.deps;
    user = await loadSessionMember(db, hashToken(token), new Date());
    if (user) await noteSeen(db, user, clock());
  }
  resolvedUser.set(request, user);
  return user;
}

/** The signed-in member with their role, or null (addRoute's access check asks this). */
export async function findRequestMember(request: FastifyRequest): Promise<SignedInUser | null> {
  return findRequestUser(request);
}
