// Client links (issue 14): the owner's links to a report, and what a token opens. A link is live
// until it expires or is revoked, both judged by the app's clock (tests move it).
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_LIVE_SHARE_LINKS_PER_PROJECT } from '../../shared/contract/share-links.js';
import type { GoneLinkState } from '../../shared/shared-report-text.js';
import { DAY_MS } from '../../shared/rules.js';
import type { Database } from '../db/client.js';
import { photoPairs, photos, projects, shareLinks, users, type PhotoRow, type ProjectRow, type ShareLinkRow, type UserRow } from '../db/schema.js';
import { conflict, notFound } from '../lib/http-errors.js';
import { generateToken } from '../lib/tokens.js';
import { PROJECT_NOT_FOUND } from '../project-access/project-access.js';

export const SHARE_NO_PAIRS_MESSAGE = 'Add at least one before-and-after photo pair to share this report.';
export const TOO_MANY_LINKS_MESSAGE = `This report already has ${MAX_LIVE_SHARE_LINKS_PER_PROJECT} live links. Revoke one you no longer need to make a new one.`;
export const SHARE_LINK_NOT_FOUND = 'Link not found';
export const SHARED_PHOTO_NOT_FOUND = 'Photo not found';

/** "Last opened" moves at most this often (issue 14): a page left open and reloaded is one visit. */
const OPENED_RESOLUTION_MS = 60_000;
/** What generateToken() issues (43 base64url characters); anything else cannot be a token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;

/** A new link to the project (which must have a pair), live for `expiresInDays` from `now`. */
export async function createShareLink(db: Database, projectId: number, expiresInDays: number, now: Date): Promise<ShareLinkRow> {
  return db.transaction(async (tx) => {
    // The project's row lock orders concurrent creates, so the cap on live links holds exactly.
    const [locked] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    if (!locked) throw notFound(PROJECT_NOT_FOUND);
    const [pairs] = await tx.select({ n: count() }).from(photoPairs).where(eq(photoPairs.projectId, projectId));
    if (!pairs?.n) throw conflict(SHARE_NO_PAIRS_MESSAGE);
    const [live] = await tx.select({ n: count() }).from(shareLinks).where(and(eq(shareLinks.projectId, projectId), isLive(now)));
    if ((live?.n ?? 0) >= MAX_LIVE_SHARE_LINKS_PER_PROJECT) throw conflict(TOO_MANY_LINKS_MESSAGE);
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

/** Revokes the user's link (a second revoke keeps the first time); another user's link is a 404. */
export async function revokeOwnedShareLink(db: Database, userId: number, linkId: number, now: Date): Promise<ShareLinkRow> {
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(shareLinks.id, linkId), inArray(shareLinks.projectId, db.select({ id: projects.id }).from(projects).where(eq(projects.userId, userId)))))
    .returning();
  if (!row) throw notFound(SHARE_LINK_NOT_FOUND);
  return row;
}

export type TokenLookup = { state: 'live'; link: ShareLinkRow; project: ProjectRow; owner: UserRow } | { state: GoneLinkState };

/** What a token opens now: the live link with its report and owner, or why it opens nothing. */
export async function lookUpToken(db: Database, token: string, now: Date): Promise<TokenLookup> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const [row] = await db
    .select({ link: shareLinks, project: projects, owner: users })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(shareLinks.token, token))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.link.revokedAt) return { state: 'revoked' };
  if (row.link.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'live', ...row };
}

/** Sets lastOpenedAt, unless it was set less than a minute ago (one conditional update). */
export async function markShareLinkOpened(db: Database, linkId: number, now: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ lastOpenedAt: now })
    .where(and(eq(shareLinks.id, linkId), or(isNull(shareLinks.lastOpenedAt), lt(shareLinks.lastOpenedAt, new Date(now.getTime() - OPENED_RESOLUTION_MS)))));
}

export interface SharedPairRows {
  before: PhotoRow;
  after: PhotoRow;
}

/** The project's pairs with both photos, in the order the editor and the PDF show them. */
export function listSharedPairs(db: Database, projectId: number): Promise<SharedPairRows[]> {
  const beforePhotos = alias(photos, 'before_photos');
  const afterPhotos = alias(photos, 'after_photos');
  return db
    .select({ before: beforePhotos, after: afterPhotos })
    .from(photoPairs)
    .innerJoin(beforePhotos, eq(beforePhotos.id, photoPairs.beforePhotoId))
    .innerJoin(afterPhotos, eq(afterPhotos.id, photoPairs.afterPhotoId))
    .where(eq(photoPairs.projectId, projectId))
    .orderBy(asc(photoPairs.createdAt), asc(photoPairs.id));
}

/** A photo of the project that is in one of its pairs; unpaired photos and other reports' are a 404. */
export async function findSharedPhoto(db: Database, projectId: number, photoId: number): Promise<PhotoRow> {
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(photoPairs, or(eq(photoPairs.beforePhotoId, photos.id), eq(photoPairs.afterPhotoId, photos.id)))
    .where(and(eq(photos.id, photoId), eq(photos.projectId, projectId), eq(photoPairs.projectId, projectId)))
    .limit(1);
  if (!row) throw notFound(SHARED_PHOTO_NOT_FOUND);
  return row.photo;
}
