// Projects (reports): spec §3 and §7. Photos come in the order they were taken; pairs in the
// order they were made.
import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { CreateProjectBody, Photo, PhotoPair, Project, ProjectListQuery, ProjectSummary, UpdateProjectBody } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { clients, photoPairs, photos, projects, users, type ProjectRow } from '../db/schema.js';
import { projectListOrder, visibleProjects, visibleProjectsInListOrder, type ProjectViewer } from '../project-access/project-access.js';
import { loadMemberNames, memberRef, type MemberNames } from '../project-access/member-names.js';
import { clientOwnerId } from '../clients/client-owner.js';
import { matchesSearch } from '../search/search-text.js';
import { forbidden, notFound } from '../lib/http-errors.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { toPhotoResponse } from '../photos/photo-view.js';
import { withChecksums } from '../photos/photo-checksums.js';
import { deletePhotoFiles, readPhotoDataUrls } from '../photos/photos.service.js';
import { insertAreas, listAreaRows, toAreaResponse, type NewArea } from '../project-access/project-areas.js';
import { loadClientAnswers } from '../client-answers/client-answers-view.js';

// Written out in full: drizzle renders columns of a one-table query unqualified, which inside a
// correlated subquery would bind to the inner table.
const photoCount = sql<number>`(select count(*) from photos where photos.project_id = projects.id)`.mapWith(Number);
const pairCount = sql<number>`(select count(*) from photo_pairs where photo_pairs.project_id = projects.id)`.mapWith(Number);
const openIssueCount =
  sql<number>`(select count(*) from client_issues where client_issues.project_id = projects.id and client_issues.resolved_at is null)`.mapWith(Number);
// As ISO 8601 text, the same from PGlite and node-postgres.
const approvedAt = sql<
  string | null
>`(select to_char(max(approved_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from project_approvals where project_approvals.project_id = projects.id)`;
const creatorName = sql<string | null>`(select users.name from users where users.id = projects.created_by)`;
const assigneeName = sql<string | null>`(select users.name from users where users.id = projects.assignee_id)`;
/** Every count and name a summary carries beside the project's own columns. */
const summaryCounts = { photoCount, pairCount, openIssueCount, approvedAt, creatorName, assigneeName };

/** A database or a transaction on it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The projects the member sees, newest first. No query: the whole list, as spec §7 has it. With one, pages
 * by id (ids only grow, so a report made between two pages never shifts the next one), searches
 * client name and description, and keeps to one client.
 */
export async function listProjects(db: Database, viewer: ProjectViewer, query: ProjectListQuery = {}): Promise<ProjectSummary[]> {
  const rows = await selectProjectList(db, viewer, query);
  return rows.map((row) => toProjectSummary(row.project, row, namesOf(row.project, row)));
}

/** listProjects' query, not yet run (bench/search.ts explains it). */
export function selectProjectList(db: Database, viewer: ProjectViewer, query: ProjectListQuery) {
  const isWholeList = Object.values(query).every((value) => value === undefined || value === '');
  const list = db.select({ project: projects, ...summaryCounts }).from(projects);
  if (isWholeList) return list.where(visibleProjects(viewer)).orderBy(desc(projects.createdAt), desc(projects.id));
  // One business's reports, by id: read down its own index (or its search index), never the whole table.
  const conditions: SQL[] = [visibleProjectsInListOrder(viewer)];
  if (query.before !== undefined) conditions.push(lt(projects.id, query.before));
  if (query.clientId !== undefined) conditions.push(eq(projects.clientId, query.clientId));
  if (query.q) conditions.push(matchesSearch(projects.searchableText, query.q));
  return list
    .where(and(...conditions))
    .orderBy(...projectListOrder)
    .limit(query.limit ?? 1_000_000);
}

/** The name and id of the business's client, or a 404 as for any other thing not theirs. */
async function findClientForProject(db: Database | Tx, businessId: number, clientId: number): Promise<{ id: number; name: string }> {
  const [client] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, clientOwnerId({ businessId }))))
    .limit(1);
  if (!client) throw notFound('client_not_found');
  return client;
}

/**
 * Makes the report with its areas (none for a blank report); call it inside a transaction when
 * there are areas. With a clientId, the report is that client's and takes their name unless it is
 * given one.
 */
export async function createProject(db: Database | Tx, member: ProjectViewer, body: CreateProjectBody, areas: readonly NewArea[] = []): Promise<ProjectRow> {
  const client = body.clientId === undefined ? undefined : await findClientForProject(db, member.businessId, body.clientId);
  const [project] = await db
    .insert(projects)
    .values({
      businessId: member.businessId,
      createdBy: member.id,
      clientId: client?.id ?? null,
      clientName: body.clientName ?? client?.name ?? '',
      description: body.description,
      templateId: body.templateId ?? null,
    })
    .returning();
  if (!project) throw new Error('Insert returned no project');
  await insertAreas(db, project.id, areas);
  return project;
}

/** clientId links the report (its clientName stays what it was sent under); null unlinks it. */
export async function updateProject(db: Database, member: ProjectViewer, project: ProjectRow, body: UpdateProjectBody): Promise<ProjectSummary> {
  if (typeof body.clientId === 'number') await findClientForProject(db, project.businessId, body.clientId);
  if (body.assigneeId !== undefined) await assertAssignable(db, member, project.businessId, body.assigneeId);
  const [updated] = await db
    .update(projects)
    .set({
      ...(body.clientName === undefined ? {} : { clientName: body.clientName }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.clientId === undefined ? {} : { clientId: body.clientId }),
      ...(body.assigneeId === undefined ? {} : { assigneeId: body.assigneeId }),
    })
    .where(and(eq(projects.id, project.id), eq(projects.businessId, project.businessId)))
    .returning({ project: projects, ...summaryCounts });
  if (!updated) throw notFound('project_not_found');
  return toProjectSummary(updated.project, updated, namesOf(updated.project, updated));
}

/** Only an owner or a manager assigns, and only to an active member of the same business. */
async function assertAssignable(db: Database, member: ProjectViewer, businessId: number, assigneeId: number | null): Promise<void> {
  if (member.role === 'cleaner') throw forbidden('forbidden');
  if (assigneeId === null) return;
  const [assignee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), eq(users.businessId, businessId), eq(users.active, true)))
    .limit(1);
  if (!assignee) throw notFound('member_not_found');
}

/** The creator's and assignee's names, as the list's subqueries read them. */
function namesOf(project: ProjectRow, read: { creatorName: string | null; assigneeName: string | null }): MemberNames {
  const names = new Map<number, string>();
  if (project.createdBy !== null && read.creatorName !== null) names.set(project.createdBy, read.creatorName);
  if (project.assigneeId !== null && read.assigneeName !== null) names.set(project.assigneeId, read.assigneeName);
  return names;
}

/** Deletes the project with its photos and pairs, then the photos' files (after the rows are gone). */
export async function deleteProject(deps: { db: Database; photoStore: PhotoStore }, project: ProjectRow): Promise<void> {
  const removedPhotos = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(photos)
      .where(eq(photos.projectId, project.id))
      .returning({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey });
    await tx.delete(projects).where(eq(projects.id, project.id));
    return removed;
  });
  await deletePhotoFiles(deps.photoStore, removedPhotos);
}

/**
 * GET /api/projects/{id}: the project with photos and pairs. With `images: 'data'` every photo
 * also carries spec §3's imageData (the JPEG as a data URL); `'url'` leaves it out.
 */
/** `viewer`: the member asking, so a report whose every name is theirs needs no name lookup. */
export async function loadProject(
  deps: { db: Database; photoStore: PhotoStore },
  project: ProjectRow,
  images: 'data' | 'url',
  viewer?: { id: number; name: string },
): Promise<Project> {
  const [photoRows, pairRows, areaRows] = await Promise.all([
    deps.db.select().from(photos).where(eq(photos.projectId, project.id)).orderBy(asc(photos.createdAt), asc(photos.id)),
    deps.db.select().from(photoPairs).where(eq(photoPairs.projectId, project.id)).orderBy(asc(photoPairs.createdAt), asc(photoPairs.id)),
    listAreaRows(deps.db, project.id),
  ]);
  const [dataUrls, checkedRows] = await Promise.all([
    images === 'data' ? readPhotoDataUrls(deps.photoStore, photoRows) : new Map<number, string>(),
    withChecksums(deps, photoRows),
  ]);
  const names = await loadMemberNames(deps.db, [project.createdBy, project.assigneeId, ...photoRows.map((row) => row.takenBy)], viewer);
  const photoViews = new Map<number, Photo>(checkedRows.map((row) => [row.id, toPhotoResponse(row, names, dataUrls.get(row.id))]));
  const pairs: PhotoPair[] = [];
  for (const pair of pairRows) {
    const beforePhoto = photoViews.get(pair.beforePhotoId);
    const afterPhoto = photoViews.get(pair.afterPhotoId);
    if (!beforePhoto || !afterPhoto) continue; // a photo deleted between the two reads
    pairs.push({
      id: pair.id,
      beforePhotoId: pair.beforePhotoId,
      afterPhotoId: pair.afterPhotoId,
      beforePhoto,
      afterPhoto,
      createdAt: pair.createdAt.toISOString(),
    });
  }
  const answers = await loadClientAnswers(deps, project, { kind: 'owner' });
  return {
    ...toProjectSummary(
      project,
      {
        photoCount: photoRows.length,
        pairCount: pairs.length,
        openIssueCount: answers.issues.filter((issue) => !issue.resolvedAt).length,
        approvedAt: answers.approval?.approvedAt ?? null,
      },
      names,
    ),
    areas: areaRows.map(toAreaResponse),
    photos: [...photoViews.values()],
    photoPairs: pairs,
    ...answers,
  };
}

export interface SummaryCounts {
  photoCount: number;
  pairCount: number;
  openIssueCount: number;
  approvedAt: string | null;
}

export function toProjectSummary(project: ProjectRow, counts: SummaryCounts, names: MemberNames): ProjectSummary {
  return {
    id: project.id,
    clientName: project.clientName,
    clientId: project.clientId,
    description: project.description,
    createdAt: project.createdAt.toISOString(),
    photoCount: counts.photoCount,
    pairCount: counts.pairCount,
    templateId: project.templateId,
    status: project.status,
    finishedAt: project.finishedAt?.toISOString() ?? null,
    openIssueCount: counts.openIssueCount,
    approvedAt: counts.approvedAt,
    createdBy: memberRef(names, project.createdBy),
    assigneeId: project.assigneeId,
    assignee: memberRef(names, project.assigneeId),
  };
}
