// Client links: the owner's links to a report, and what a token opens. A link is live
// until it expires or is revoked, both judged by the app's clock (tests move it).
import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_LIVE_SHARE_LINKS_PER_PROJECT } from '../../shared/contract/share-links.js';
import type { GoneLinkState } from '../../shared/shared-report-text.js';
import { DAY_MS } from '../../shared/rules.js';
import type { Database } from '../db/client.js';
import {
  businesses,
  photoPairs,
  photos,
  projects,
  shareLinks,
  users,
  withdrawnLinkTokens,
  type PhotoRow,
  type ProjectRow,
  type ShareLinkRow,
  type UserRow,
} from '../db/schema.js';
import { conflict, notFound } from '../lib/http-errors.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import type { Tx } from '../projects/projects.service.js';
import { visibleProjects, type ProjectViewer } from '../project-access/project-access.js';

/** "Last opened" moves at most this often: a page left open and reloaded is one visit. */
const OPENED_RESOLUTION_MS = 60_000;
/** What generateToken() issues (43 base64url characters); anything else cannot be a token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

/** A new link to the project (which must have a pair), live for `expiresInDays` from `now`. */
export async function createShareLink(db: Database, projectId: number, expiresInDays: number, now: Date): Promise<ShareLinkRow> {
  return db.transaction(async (tx) => {
    // The project's row lock orders concurrent creates, so the cap on live links holds exactly.
    const [locked] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    if (!locked) throw notFound('project_not_found');
    const [pairs] = await tx.select({ n: count() }).from(photoPairs).where(eq(photoPairs.projectId, projectId));
    if (!pairs?.n) throw conflict('no_pairs_to_share');
    const [live] = await tx
      .select({ n: count() })
      .from(shareLinks)
      .where(and(eq(shareLinks.projectId, projectId), isLive(now)));
    if ((live?.n ?? 0) >= MAX_LIVE_SHARE_LINKS_PER_PROJECT) throw conflict('too_many_links', { max: MAX_LIVE_SHARE_LINKS_PER_PROJECT });
    const [row] = await tx
      .insert(shareLinks)
      .values({ projectId, token: generateToken(), createdAt: now, expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS) })
      .returning();
    if (!row) throw new Error('Insert returned no share link');
    return row;
  });
}

function isLive(now: Date) {
  return and(isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now));
}

/** Every link of the project, newest first, whatever its state. */
export function listShareLinks(db: Database, projectId: number): Promise<ShareLinkRow[]> {
  return db.select().from(shareLinks).where(eq(shareLinks.projectId, projectId)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

/** Revokes a link of a report the member sees (a second revoke keeps the first time); any other link is a 404. */
export async function revokeOwnedShareLink(db: Database, viewer: ProjectViewer, linkId: number, now: Date): Promise<ShareLinkRow> {
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(shareLinks.id, linkId), inArray(shareLinks.projectId, db.select({ id: projects.id }).from(projects).where(visibleProjects(viewer)))))
    .returning();
  if (!row) throw notFound('link_not_found');
  return row;
}

/** A link that worked once (expired or withdrawn) still names its business: the page says who to ask. */
export type TokenLookup =
  | { state: 'live'; link: ShareLinkRow; project: ProjectRow; owner: UserRow }
  | { state: Exclude<GoneLinkState, 'unknown'>; link: ShareLinkRow; owner: UserRow }
  /** The account that made it was deleted: withdrawn, with no business left to name. */
  | { state: 'withdrawn' }
  | { state: 'unknown' };

/** What a token opens now: the live link with its report and owner, or why it opens nothing. */
export async function lookUpToken(db: Database, token: string, now: Date): Promise<TokenLookup> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const [row] = await db
    .select({ link: shareLinks, project: projects, owner: users })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    // The business's account row carries its name, logo and client settings.
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .innerJoin(users, eq(users.id, businesses.accountId))
    .where(eq(shareLinks.token, token))
    .limit(1);
  if (!row) return (await isWithdrawnToken(db, token)) ? { state: 'withdrawn' } : { state: 'unknown' };
  if (row.link.revokedAt) return { state: 'revoked', link: row.link, owner: row.owner };
  if (row.link.expiresAt.getTime() <= now.getTime()) return { state: 'expired', link: row.link, owner: row.owner };
  return { state: 'live', ...row };
}

async function isWithdrawnToken(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: withdrawnLinkTokens.tokenHash })
    .from(withdrawnLinkTokens)
    .where(eq(withdrawnLinkTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row !== undefined;
}

/**
 * Before the account's rows go (in the same transaction): its links' tokens are kept as hashes, so
 * a client holding one is told it was withdrawn. The links themselves go with their reports.
 */
export async function withdrawLinksOfBusiness(tx: Tx, businessId: number, now: Date): Promise<void> {
  const links = await tx
    .select({ token: shareLinks.token })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(eq(projects.businessId, businessId));
  if (links.length === 0) return;
  await tx
    .insert(withdrawnLinkTokens)
    .values(links.map((link) => ({ tokenHash: hashToken(link.token), withdrawnAt: now })))
    .onConflictDoNothing();
}

/**
 * Records a visit: lastOpenedAt and the count move unless the last visit was less than a minute ago
 * (one conditional update); the first visit also keeps its time and whether it was a phone.
 */
export async function markShareLinkOpened(db: Database, linkId: number, now: Date, device: 'phone' | 'computer'): Promise<void> {
  await db
    .update(shareLinks)
    .set({
      lastOpenedAt: now,
      openCount: sql`${shareLinks.openCount} + 1`,
      firstOpenedAt: sql`coalesce(${shareLinks.firstOpenedAt}, ${now.toISOString()}::timestamptz)`,
      firstOpenDevice: sql`coalesce(${shareLinks.firstOpenDevice}, ${device})`,
    })
    .where(and(eq(shareLinks.id, linkId), or(isNull(shareLinks.lastOpenedAt), lt(shareLinks.lastOpenedAt, new Date(now.getTime() - OPENED_RESOLUTION_MS)))));
}

/** A photo of the project that is in one of its pairs; unpaired photos and other reports' are a 404. */
export async function findSharedPhoto(db: Database, projectId: number, photoId: number): Promise<PhotoRow> {
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(photoPairs, or(eq(photoPairs.beforePhotoId, photos.id), eq(photoPairs.afterPhotoId, photos.id)))
    .where(and(eq(photos.id, photoId), eq(photos.projectId, projectId), eq(photoPairs.projectId, projectId)))
    .limit(1);
  if (!row) throw notFound('photo_not_found');
  return row.photo;
}
