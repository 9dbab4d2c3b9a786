// The team: members and invites of the signed-in member's business. Everything here is scoped by
// that business; another business's member or invite is a 404, as if it did not exist.
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { CreateInviteBody, Invite, JoinBody, Team, TeamMember, UpdateMemberBody } from '../../shared/contract/team.js';
import { DAY_MS, INVITE_LIFETIME_DAYS, SIGN_IN_LINK_LIFETIME_HOURS, TEAM_MAX_ACTIVE_MEMBERS } from '../../shared/rules.js';
import type { Database } from '../db/client.js';
import { businesses, sessions, signInLinks, teamInvites, users, type TeamInviteRow, type UserRow } from '../db/schema.js';
import type { SignedInUser } from '../lib/add-route.js';
import { conflict, forbidden, goneFor, notFound } from '../lib/http-errors.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import type { Tx } from '../projects/projects.service.js';
import { inviteToken, issueInviteToken, joinUrl } from './invite-tokens.js';
import { canInvite, canManage, memberChangeBreaks } from './team-rules.js';

export interface TeamDeps {
  db: Database;
  appUrl: string;
  /** The server key invite tokens are derived with (invite-tokens.ts). */
  inviteKey: Buffer;
}

const HOUR_MS = 60 * 60_000;

export function toTeamMember(row: UserRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    joinedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

function toInvite(deps: TeamDeps, row: TeamInviteRow): Invite & { createdAt: string } {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    url: joinUrl(deps.appUrl, inviteToken(deps.inviteKey, row.tokenNonce)),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const isPending = (now: Date) => and(isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, now));

export async function loadTeam(deps: TeamDeps, member: SignedInUser, now: Date): Promise<Team> {
  const [members, invites] = await Promise.all([
    deps.db.select().from(users).where(eq(users.businessId, member.businessId)).orderBy(asc(users.createdAt), asc(users.id)),
    deps.db
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.businessId, member.businessId), isPending(now)))
      .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id)),
  ]);
  return { businessName: member.businessName, members: members.map(toTeamMember), invites: invites.map((row) => toInvite(deps, row)) };
}

/**
 * Locks the business's row, so members joining or coming back one at a time or all at once never
 * pass the limit, then throws 409 team_full when it is reached.
 */
async function assertRoomInTeam(tx: Tx, businessId: number): Promise<void> {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  const [active] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.active, true)));
  if ((active?.n ?? 0) >= TEAM_MAX_ACTIVE_MEMBERS) throw conflict('team_full');
}

export async function createInvite(deps: TeamDeps, member: SignedInUser, body: CreateInviteBody, now: Date): Promise<Invite> {
  if (!canInvite(member.role, body.role)) throw forbidden('forbidden');
  const issued = issueInviteToken(deps.inviteKey);
  const row = await deps.db.transaction(async (tx) => {
    await assertRoomInTeam(tx, member.businessId);
    const [inserted] = await tx
      .insert(teamInvites)
      .values({
        businessId: member.businessId,
        role: body.role,
        name: body.name ?? null,
        tokenHash: issued.tokenHash,
        tokenNonce: issued.tokenNonce,
        createdBy: member.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('Insert returned no invite');
  const { createdAt: _createdAt, ...invite } = toInvite(deps, row);
  return invite;
}

/** Revoking again keeps the first time; a manager may revoke only cleaners' invites. */
export async function revokeInvite(db: Database, member: SignedInUser, inviteId: number, now: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.businessId, member.businessId)))
    .limit(1);
  if (!row) throw notFound('invite_not_found');
  if (!canInvite(member.role, row.role)) throw forbidden('forbidden');
  await db
    .update(teamInvites)
    .set({ revokedAt: sql`coalesce(${teamInvites.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(teamInvites.id, inviteId));
}

export interface UsableInvite {
  invite: TeamInviteRow;
  businessName: string | null;
  /** The business's logo in the photo store, or null. */
  businessLogoKey: string | null;
}

/** The invite a token opens, with its business's name and logo; 404 unknown, 410 used, revoked or expired. */
export async function findUsableInvite(db: Database, token: string, now: Date): Promise<UsableInvite> {
  const [row] = await db
    .select({ invite: teamInvites, businessName: users.businessName, businessLogoKey: users.businessLogoKey })
    .from(teamInvites)
    .innerJoin(businesses, eq(businesses.id, teamInvites.businessId))
    .innerJoin(users, eq(users.id, businesses.accountId))
    .where(eq(teamInvites.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw notFound('invite_not_found');
  if (row.invite.usedAt) throw goneFor('invite_used');
  if (row.invite.revokedAt) throw goneFor('invite_revoked');
  if (row.invite.expiresAt.getTime() <= now.getTime()) throw goneFor('invite_expired');
  return row;
}

export interface NewMember {
  body: JoinBody;
  passwordHash: string | null;
  locale: string;
}

/**
 * Makes the invited member: the invite is claimed (one use, even for two phones at once) and the
 * team's size checked in the transaction that inserts them. 409 duplicate_email for an email that
 * already has an account: one person belongs to one business.
 */
export async function acceptInvite(db: Database, token: string, joining: NewMember, now: Date): Promise<UserRow> {
  const { invite } = await findUsableInvite(db, token, now);
  if (joining.body.email !== undefined) await assertEmailFree(db, joining.body.email);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(teamInvites)
      .set({ usedAt: now })
      .where(and(eq(teamInvites.id, invite.id), isPending(now)))
      .returning();
    if (!claimed) throw goneFor('invite_used');
    await assertRoomInTeam(tx, claimed.businessId);
    const [user] = await tx
      .insert(users)
      .values({
        businessId: claimed.businessId,
        role: claimed.role,
        name: joining.body.name,
        email: joining.body.email ?? null,
        passwordHash: joining.passwordHash,
        locale: joining.locale,
        createdAt: now,
        // The business's trial is read from its account row; a member's own is never used.
        trialEndsAt: now,
      })
      .returning();
    if (!user) throw new Error('Insert returned no member');
    await tx.update(teamInvites).set({ usedBy: user.id }).where(eq(teamInvites.id, claimed.id));
    return user;
  });
}

async function assertEmailFree(db: Database, email: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (existing) throw conflict('duplicate_email');
}

async function findMemberOfBusiness(db: Database, businessId: number, memberId: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound('member_not_found');
  return row;
}

/**
 * Changes a member's role or active flag. Deactivating ends every session of theirs in the same
 * transaction, so their next request is a 401 whether it carries the cookie or the bearer token.
 */
export async function updateMember(db: Database, actor: SignedInUser, memberId: number, body: UpdateMemberBody): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, actor.businessId)).for('update');
    const target = await findMemberOfBusiness(tx as unknown as Database, actor.businessId, memberId);
    const [owners] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.businessId, actor.businessId), eq(users.role, 'owner'), eq(users.active, true), ne(users.id, target.id)));
    const broken = memberChangeBreaks(actor.role, target.role, body, owners?.n ?? 0);
    if (broken === 'forbidden') throw forbidden('forbidden');
    if (broken === 'last_owner') throw conflict('last_owner');
    if (body.active === true && !target.active) await assertRoomInTeam(tx, actor.businessId);
    const [updated] = await tx
      .update(users)
      .set({ ...(body.role === undefined ? {} : { role: body.role }), ...(body.active === undefined ? {} : { active: body.active }) })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw notFound('member_not_found');
    if (body.active === false) await tx.delete(sessions).where(eq(sessions.userId, target.id));
    return toTeamMember(updated);
  });
}

export async function createSignInLink(db: Database, actor: SignedInUser, memberId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const target = await findMemberOfBusiness(db, actor.businessId, memberId);
  if (!canManage(actor.role, target.role)) throw forbidden('forbidden');
  if (!target.active) throw notFound('member_not_found');
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_LIFETIME_HOURS * HOUR_MS);
  await db.insert(signInLinks).values({ tokenHash: hashToken(token), userId: target.id, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Uses a sign-in link once: the member it signs in, 404 unknown, 410 used or expired. */
export async function redeemSignInLink(db: Database, token: string, now: Date): Promise<number> {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ userId: signInLinks.userId });
  if (claimed) return claimed.userId;
  const [known] = await db.select({ tokenHash: signInLinks.tokenHash }).from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).limit(1);
  throw known ? goneFor('sign_in_link_gone') : notFound('sign_in_link_not_found');
}
