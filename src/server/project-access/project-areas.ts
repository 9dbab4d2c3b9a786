// A report's areas (rooms): made from its template when the report is made, skipped and unskipped,
// and counted by the finish gate. A blank report has none, and no gate.
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { MissingArea, ProjectArea, SkipAreaBody, SkipReason } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { photos, projectAreas, projects, type ProjectAreaRow, type ProjectRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NewArea {
  key: string;
  name: string;
  minBefore: number;
  minAfter: number;
}

export async function insertAreas(tx: Database | Tx, projectId: number, areas: readonly NewArea[]): Promise<void> {
  if (areas.length === 0) return;
  await tx.insert(projectAreas).values(areas.map((area, position) => ({ projectId, position, ...area })));
}

export function listAreaRows(db: Database | Tx, projectId: number): Promise<ProjectAreaRow[]> {
  return db.select().from(projectAreas).where(eq(projectAreas.projectId, projectId)).orderBy(asc(projectAreas.position), asc(projectAreas.id));
}

export function toAreaResponse(row: ProjectAreaRow): ProjectArea {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    minBefore: row.minBefore,
    minAfter: row.minAfter,
    skipped: row.skipReason === null ? null : { reason: row.skipReason as SkipReason, note: row.skipNote },
  };
}

/** A report made from a template names an area for each photo; a blank report takes none. */
export function isTemplated(project: ProjectRow): boolean {
  return project.templateId !== null;
}

/** Refuses a change to a finished job (409 report_finished) until it is reopened. */
export function assertOpen(project: Pick<ProjectRow, 'status'>): void {
  if (project.status === 'finished') throw conflict('report_finished');
}

/**
 * Locks the report's row until the transaction ends and refuses a finished job. What could take a
 * finished job below its gate (a photo or a pair removed, a skip undone) locks it in share mode;
 * finishing locks it for update, so the gate it counts cannot change before it is written.
 */
export async function lockOpenProject(tx: Tx, projectId: number, mode: 'share' | 'update'): Promise<ProjectRow> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for(mode);
  if (!row) throw notFound('project_not_found');
  assertOpen(row);
  return row;
}

/**
 * The area a new photo goes in: required and one of the report's own in a templated report (400),
 * refused in a blank one, where photos have no area.
 */
export async function resolvePhotoArea(db: Database, project: ProjectRow, areaId: number | undefined): Promise<number | null> {
  if (!isTemplated(project)) {
    if (areaId !== undefined) throw badRequest('area_not_in_report');
    return null;
  }
  if (areaId === undefined) throw badRequest('area_required');
  const [area] = await db
    .select({ id: projectAreas.id })
    .from(projectAreas)
    .where(and(eq(projectAreas.id, areaId), eq(projectAreas.projectId, project.id)))
    .limit(1);
  if (!area) throw badRequest('area_not_in_report');
  return area.id;
}

export async function setAreaSkipped(db: Database, project: ProjectRow, areaId: number, skip: SkipAreaBody | null): Promise<ProjectArea> {
  return db.transaction(async (tx) => {
    await lockOpenProject(tx, project.id, 'share');
    const [row] = await tx
      .update(projectAreas)
      .set(skip === null ? { skipReason: null, skipNote: null } : { skipReason: skip.reason, skipNote: skip.note ? skip.note : null })
      .where(and(eq(projectAreas.id, areaId), eq(projectAreas.projectId, project.id)))
      .returning();
    if (!row) throw notFound('area_not_found');
    return toAreaResponse(row);
  });
}

/** The areas the finish gate still waits for, in template order: neither skipped nor at both minimums. */
export async function findMissingAreas(db: Database | Tx, projectId: number): Promise<MissingArea[]> {
  const [areas, counts] = await Promise.all([
    listAreaRows(db, projectId),
    db
      .select({ areaId: photos.areaId, type: photos.type, n: count() })
      .from(photos)
      .where(and(eq(photos.projectId, projectId), isNotNull(photos.areaId)))
      .groupBy(photos.areaId, photos.type),
  ]);
  const countOf = (areaId: number, type: 'before' | 'after') => counts.find((row) => row.areaId === areaId && row.type === type)?.n ?? 0;
  return areas
    .filter((area) => area.skipReason === null)
    .map((area) => ({
      areaId: area.id,
      name: area.name,
      before: countOf(area.id, 'before'),
      after: countOf(area.id, 'after'),
      minBefore: area.minBefore,
      minAfter: area.minAfter,
    }))
    .filter((area) => area.before < area.minBefore || area.after < area.minAfter);
}
