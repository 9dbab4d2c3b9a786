// Finishing a job: the server holds the gate (a screen-only gate is skipped in practice). A
// templated report finishes once every area is skipped or has its minimum before and after photos.
import { eq } from 'drizzle-orm';
import { errorMessage } from '../../shared/error-codes.js';
import type { Database } from '../db/client.js';
import { projects, type ProjectRow } from '../db/schema.js';
import { HttpError, notFound } from '../lib/http-errors.js';
import { findMissingAreas } from '../project-access/project-areas.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The gate is counted and the status written under the report's row lock: a photo deleted or a
 * skip undone at the same moment waits for it (and is then refused), or goes first and is counted.
 */
export async function finishProject(db: Database, project: ProjectRow, now: Date): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(projects).where(eq(projects.id, project.id)).for('update');
    if (!current) throw notFound('project_not_found');
    if (current.status === 'finished') return current;
    const missing = await findMissingAreas(tx, project.id);
    if (missing.length > 0) throw new HttpError(409, 'areas_incomplete', errorMessage('areas_incomplete'), {}, { missing });
    return setStatus(tx, project.id, { status: 'finished', finishedAt: now });
  });
}

export function reopenProject(db: Database, project: ProjectRow): Promise<ProjectRow> {
  return setStatus(db, project.id, { status: 'open', finishedAt: null });
}

async function setStatus(db: Database | Tx, projectId: number, values: { status: 'open' | 'finished'; finishedAt: Date | null }): Promise<ProjectRow> {
  const [row] = await db.update(projects).set(values).where(eq(projects.id, projectId)).returning();
  if (!row) throw notFound('project_not_found');
  return row;
}
