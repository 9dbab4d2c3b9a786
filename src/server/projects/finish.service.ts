// Finishing a job: the server holds the gate (a screen-only gate is skipped in practice). A
// templated report finishes once every area is skipped or has its minimum before and after photos.
import { eq } from 'drizzle-orm';
import { errorMessage } from '../../shared/error-codes.js';
import type { Database } from '../db/client.js';
import { projects, type ProjectRow } from '../db/schema.js';
import { HttpError, notFound } from '../lib/http-errors.js';
import { findMissingAreas } from '../project-access/project-areas.js';

export async function finishProject(db: Database, project: ProjectRow, now: Date): Promise<ProjectRow> {
  if (project.status === 'finished') return project;
  const missing = await findMissingAreas(db, project.id);
  if (missing.length > 0) throw new HttpError(409, 'areas_incomplete', errorMessage('areas_incomplete'), {}, { missing });
  return setStatus(db, project.id, { status: 'finished', finishedAt: now });
}

export function reopenProject(db: Database, project: ProjectRow): Promise<ProjectRow> {
  return setStatus(db, project.id, { status: 'open', finishedAt: null });
}

async function setStatus(db: Database, projectId: number, values: { status: 'open' | 'finished'; finishedAt: Date | null }): Promise<ProjectRow> {
  const [row] = await db.update(projects).set(values).where(eq(projects.id, projectId)).returning();
  if (!row) throw notFound('project_not_found');
  return row;
}
