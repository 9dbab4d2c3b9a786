// The client's answers on a link: one approval per version of the report, and issues pinned on a
// pair's after photo while the re-clean window is open. The owner's side reads and resolves them;
// every member query is scoped to the reports the member sees (project-access), like the reports.
import { and, asc, desc, eq, inArray, isNotNull, min } from 'drizzle-orm';
import type { Approval, ClientIssue } from '../../shared/contract/client-answers.js';
import type { Database } from '../db/client.js';
import { clientIssues, photoPairs, projectApprovals, projects, shareLinks, type ClientIssueRow, type ProjectApprovalRow, type UserRow } from '../db/schema.js';
import { conflict, notFound } from '../lib/http-errors.js';
import { DAY_MS } from '../../shared/rules.js';
import { visibleProjects, type ProjectViewer } from '../project-access/project-access.js';

const HOUR_MS = DAY_MS / 24;

/** The newest approval of the report, or null. */
export async function findLatestApproval(db: Database, projectId: number): Promise<ProjectApprovalRow | null> {
  const [row] = await db
    .select()
    .from(projectApprovals)
    .where(eq(projectApprovals.projectId, projectId))
    .orderBy(desc(projectApprovals.approvedAt), desc(projectApprovals.id))
    .limit(1);
  return row ?? null;
}

export function toApproval(row: ProjectApprovalRow, currentVersion: string): Approval {
  return {
    name: row.name,
    approvedAt: row.approvedAt.toISOString(),
    rating: row.rating,
    superseded: row.reportVersion !== currentVersion,
    reportVersion: row.reportVersion,
    comment: row.comment,
  };
}

export function listIssues(db: Database, projectId: number): Promise<ClientIssueRow[]> {
  return db.select().from(clientIssues).where(eq(clientIssues.projectId, projectId)).orderBy(asc(clientIssues.createdAt), asc(clientIssues.id));
}

/** `photoUrl` names where the photo is served to this viewer; null hides it (another link's photo). */
export function toClientIssue(row: ClientIssueRow, photoUrl: string | null): ClientIssue {
  return {
    id: row.id,
    pairId: row.pairId,
    x: row.x,
    y: row.y,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
    photoUrl: row.photoKey ? photoUrl : null,
  };
}

/**
 * The end of the re-clean window: the report's first open (by any of its links) plus the owner's
 * hours; null while nobody has opened it. 0 hours turns the window off: it ends as it opens.
 */
export async function reCleanWindowEnd(db: Database, owner: UserRow, projectId: number): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(shareLinks.firstOpenedAt) })
    .from(shareLinks)
    .where(and(eq(shareLinks.projectId, projectId), isNotNull(shareLinks.firstOpenedAt)));
  const first = row?.first ? new Date(row.first) : null;
  return first ? new Date(first.getTime() + owner.reCleanWindowHours * HOUR_MS) : null;
}

export interface NewApproval {
  projectId: number;
  shareLinkId: number;
  name: string;
  signatureKey: string | null;
  rating: number | null;
  comment: string | null;
  reportVersion: string;
  approvedAt: Date;
}

/** Stores the approval of this version; the same version approved before is a 409. */
export async function insertApproval(db: Database, approval: NewApproval): Promise<ProjectApprovalRow> {
  const [row] = await db.insert(projectApprovals).values(approval).onConflictDoNothing().returning();
  if (!row) throw conflict('already_approved');
  return row;
}

export interface NewIssue {
  projectId: number;
  shareLinkId: number;
  pairId: number;
  x: number;
  y: number;
  note: string;
  photoKey: string | null;
  createdAt: Date;
}

/** The pair must be one of the report's; another report's pair looks like none. */
export async function requirePairOfProject(db: Database, projectId: number, pairId: number): Promise<void> {
  const [pair] = await db
    .select({ id: photoPairs.id })
    .from(photoPairs)
    .where(and(eq(photoPairs.id, pairId), eq(photoPairs.projectId, projectId)))
    .limit(1);
  if (!pair) throw notFound('pair_not_found');
}

export async function insertIssue(db: Database, issue: NewIssue): Promise<ClientIssueRow> {
  const [row] = await db.insert(clientIssues).values(issue).returning();
  if (!row) throw new Error('Insert returned no issue');
  return row;
}

/** An issue of one of the reports the member sees, or a 404. */
export async function findOwnedIssue(db: Database, viewer: ProjectViewer, issueId: number): Promise<ClientIssueRow> {
  const [row] = await db
    .select({ issue: clientIssues })
    .from(clientIssues)
    .innerJoin(projects, eq(projects.id, clientIssues.projectId))
    .where(and(eq(clientIssues.id, issueId), visibleProjects(viewer)))
    .limit(1);
  if (!row) throw notFound('issue_not_found');
  return row.issue;
}

/** Resolving again keeps the first time; a new note replaces the old one. */
export async function resolveIssue(db: Database, issue: ClientIssueRow, note: string | undefined, now: Date): Promise<ClientIssueRow> {
  const [row] = await db
    .update(clientIssues)
    .set({ resolvedAt: issue.resolvedAt ?? now, ...(note === undefined ? {} : { resolutionNote: note || null }) })
    .where(eq(clientIssues.id, issue.id))
    .returning();
  if (!row) throw notFound('issue_not_found');
  return row;
}

/** Marks answers whose owner was told (mail sent). */
export async function markOwnerNotified(db: Database, kind: 'approval' | 'issue', ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  if (kind === 'approval') await db.update(projectApprovals).set({ ownerNotifiedAt: now }).where(inArray(projectApprovals.id, ids));
  else await db.update(clientIssues).set({ ownerNotifiedAt: now }).where(inArray(clientIssues.id, ids));
}
