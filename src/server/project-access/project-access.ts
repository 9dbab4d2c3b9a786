import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projects, type ProjectRow } from '../db/schema.js';
import { notFound } from '../lib/http-errors.js';

/** The user's project, or a 404: another user's project looks exactly like one that does not exist. */
export async function findOwnedProject(db: Database, userId: number, projectId: number): Promise<ProjectRow> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .limit(1);
  if (!project) throw notFound('project_not_found');
  return project;
}
