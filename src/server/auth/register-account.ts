// Registering makes a business of one: the business, then its owner, who is also the account the
// business's name, logo, trial and subscription are kept on.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { businesses, users, type UserRow } from '../db/schema.js';

export type NewAccount = Pick<UserRow, 'email' | 'passwordHash' | 'businessName' | 'createdAt' | 'trialEndsAt'> & Partial<Pick<UserRow, 'locale' | 'timeZone'>>;

/** A member's name before they give one: the part of their email before the @. */
export const nameFromEmail = (email: string): string => email.split('@')[0] ?? '';

export async function registerAccount(db: Database, account: NewAccount): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [business] = await tx.insert(businesses).values({ createdAt: account.createdAt }).returning({ id: businesses.id });
    if (!business) throw new Error('Insert returned no business');
    const [user] = await tx
      .insert(users)
      .values({ ...account, name: nameFromEmail(account.email ?? ''), businessId: business.id, role: 'owner' })
      .returning();
    if (!user) throw new Error('Insert returned no user');
    await tx.update(businesses).set({ accountId: user.id }).where(eq(businesses.id, business.id));
    return user;
  });
}
