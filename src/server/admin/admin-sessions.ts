// The admin session: granted by the shared admin password (spec §6: no user account needed),
// kept apart from user sessions in its own table and cookie. Only the token's SHA-256 is stored.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { adminSessions } from '../db/schema.js';
import { generateToken, hashToken } from '../lib/tokens.js';

export const ADMIN_COOKIE = 'cp_admin';
/** A working day: long enough to use, short enough that a forgotten unlocked browser locks itself. */
export const ADMIN_SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
/** The cookie is only sent to the admin API. */
const ADMIN_COOKIE_PATH = '/api/admin';

export async function createAdminSession(db: Database, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_LIFETIME_MS);
  // Expired rows are swept here: the table only grows when someone unlocks.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  await db.insert(adminSessions).values({ tokenHash: hashToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

export async function deleteAdminSession(db: Database, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** The admin session this request carries, or null when it has none or it has expired. */
export async function findAdminSession(request: FastifyRequest): Promise<{ expiresAt: Date } | null> {
  const token = request.cookies[ADMIN_COOKIE];
  if (!token || token.length > 200) return null;
  const { db, clock } = request.server.deps;
  const [row] = await db
    .select({ expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, clock())))
    .limit(1);
  return row ?? null;
}

export function setAdminCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  // Strict: the admin cookie is never sent on a request started by another site.
  reply.setCookie(ADMIN_COOKIE, token, { path: ADMIN_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, expires: expiresAt });
}

export function clearAdminCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ADMIN_COOKIE, { path: ADMIN_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
}
