// Projects (reports): spec §3 and §7. Photos come in the order they were taken; pairs in the
// order they were made.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CreateProjectBody, Photo, PhotoPair, Project, ProjectSummary, UpdateProjectBody } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { photoPairs, photos, projects, type ProjectRow } from '../db/schema.js';
import { notFound } from '../lib/http-errors.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { toPhotoResponse } from '../photos/photo-view.js';
import { withChecksums } from '../photos/photo-checksums.js';
import { deletePhotoFiles, readPhotoDataUrls } from '../photos/photos.service.js';
import { PROJECT_NOT_FOUND } from '../project-access/project-access.js';

// Written out in full: drizzle renders columns of a one-table query unqualified, which inside a
// correlated subquery would bind to the inner table.
const photoCount = sql<number>`(select count(*) from photos where photos.project_id = projects.id)`.mapWith(Number);
const pairCount = sql<number>`(select count(*) from photo_pairs where photo_pairs.project_id = projects.id)`.mapWith(Number);

/** The user's projects, newest first. */
export async function listProjects(db: Database, userId: number): Promise<ProjectSummary[]> {
  const rows = await db
    .select({ project: projects, photoCount, pairCount })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => toProjectSummary(row.project, row.photoCount, row.pairCount));
}

export async function createProject(db: Database, userId: number, body: CreateProjectBody): Promise<ProjectRow> {
  const [project] = await db.insert(projects).values({ userId, clientName: body.clientName, description: body.description }).returning();
  if (!project) throw new Error('Insert returned no project');
  return project;
}

export async function updateProject(db: Database, project: ProjectRow, body: UpdateProjectBody): Promise<ProjectSummary> {
  const [updated] = await db
    .update(projects)
    .set({ ...(body.clientName === undefined ? {} : { clientName: body.clientName }), ...(body.description === undefined ? {} : { description: body.description }) })
    .where(and(eq(projects.id, project.id), eq(projects.userId, project.userId)))
    .returning({ project: projects, photoCount, pairCount });
  if (!updated) throw notFound(PROJECT_NOT_FOUND);
  return toProjectSummary(updated.project, updated.photoCount, updated.pairCount);
}

/** Deletes the project with its photos and pairs, then the photos' files (after the rows are gone). */
export async function deleteProject(deps: { db: Database; photoStore: PhotoStore }, project: ProjectRow): Promise<void> {
  const removedPhotos = await deps.db.transaction(async (tx) => {
    const removed = await tx.delete(photos).where(eq(photos.projectId, project.id)).returning({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey });
    await tx.delete(projects).where(eq(projects.id, project.id));
    return removed;
  });
  await deletePhotoFiles(deps.photoStore, removedPhotos);
}

/**
 * GET /api/projects/{id}: the project with photos and pairs. With `images: 'data'` every photo
 * also carries spec §3's imageData (the JPEG as a data URL); `'url'` leaves it out.
 */
export async function loadProject(deps: { db: Database; photoStore: PhotoStore }, project: ProjectRow, images: 'data' | 'url'): Promise<Project> {
  const [photoRows, pairRows] = await Promise.all([
    deps.db.select().from(photos).where(eq(photos.projectId, project.id)).orderBy(asc(photos.createdAt), asc(photos.id)),
    deps.db.select().from(photoPairs).where(eq(photoPairs.projectId, project.id)).orderBy(asc(photoPairs.createdAt), asc(photoPairs.id)),
  ]);
  const [dataUrls, checkedRows] = await Promise.all([
    images === 'data' ? readPhotoDataUrls(deps.photoStore, photoRows) : new Map<number, string>(),
    withChecksums(deps, photoRows),
  ]);
  const photoViews = new Map<number, Photo>(checkedRows.map((row) => [row.id, toPhotoResponse(row, dataUrls.get(row.id))]));
  const pairs: PhotoPair[] = [];
  for (const pair of pairRows) {
    const beforePhoto = photoViews.get(pair.beforePhotoId);
    const afterPhoto = photoViews.get(pair.afterPhotoId);
    if (!beforePhoto || !afterPhoto) continue; // a photo deleted between the two reads
    pairs.push({ id: pair.id, beforePhotoId: pair.beforePhotoId, afterPhotoId: pair.afterPhotoId, beforePhoto, afterPhoto, createdAt: pair.createdAt.toISOString() });
  }
  return { ...toProjectSummary(project, photoRows.length, pairs.length), photos: [...photoViews.values()], photoPairs: pairs };
}

export function toProjectSummary(project: ProjectRow, photos: number, pairs: number): ProjectSummary {
  return {
    id: project.id,
    clientName: project.clientName,
    description: project.description,
    createdAt: project.createdAt.toISOString(),
    photoCount: photos,
    pairCount: pairs,
  };
}
