// Password reset: a random token mailed as a link, stored only as its SHA-256, valid for one
// hour and for one use. Using it sets the new password and ends every session of the user.
import { toLocale } from '../../shared/preferences.js';
import type { Locale } from '../../shared/preferences.js';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { passwordResetTokens, sessions, users } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import { hashPassword } from './passwords.js';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface IssuedResetToken {
  /** The user's language (users.locale): the email is written in it. */
  locale: Locale;
  email: string;
  token: string;
}

/** A new reset token for the account with this email (any case), or null when there is none. */
export async function issueResetToken(db: Database, email: string, now: Date): Promise<IssuedResetToken | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user?.email) return null;
  const token = generateToken();
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS) });
  return { email: user.email, locale: toLocale(user.locale), token };
}

/** Throws a 400 naming why the token cannot be used (unknown, used or expired). */
async function assertTokenUsable(db: Database, tokenHash: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw badRequest('reset_link_invalid');
  if (row.usedAt) throw badRequest('reset_link_used');
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest('reset_link_expired');
}

/**
 * Sets the new password with a reset token. The token is claimed by one conditional UPDATE
 * inside the transaction, so of two requests racing with one token exactly one wins; the
 * password change, the end of all sessions and the use of the user's other links commit together.
 */
/** `client` is the caller's address key: the password hash waits in that client's places. */
export async function resetPasswordWithToken(db: Database, token: string, newPassword: string, now: () => Date, client: string): Promise<void> {
  const tokenHash = hashToken(token);
  // Cheap checks first, so a bad link costs no password hashing.
  await assertTokenUsable(db, tokenHash, now());
  const passwordHash = await hashPassword(newPassword, client);

  const claimedBy = await db.transaction(async (tx) => {
    const at = now();
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, at)))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    // Older links mailed to the same person stop working too: the password they were for is gone.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    return claimed.userId;
  });
  // Lost the race (or expired in between): report why, as the first check would have.
  if (claimedBy === null) {
    await assertTokenUsable(db, tokenHash, now());
    throw badRequest('reset_link_invalid');
  }
}
