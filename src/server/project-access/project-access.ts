import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { projects, type ProjectRow } from '../db/schema.js';
import type { SignedInUser } from '../lib/add-route.js';
import { notFound } from '../lib/http-errors.js';

/** Who is asking: enough of the signed-in member to say which reports they see. */
export type ProjectViewer = Pick<SignedInUser, 'id' | 'businessId' | 'role'>;

/**
 * The reports a member sees: every report of their business, or for a cleaner only those they
 * made or are assigned to. The one place this is decided; lists and lookups both use it.
 */
export function visibleProjects(viewer: ProjectViewer): SQL {
  const ofBusiness = eq(projects.businessId, viewer.businessId);
  if (viewer.role !== 'cleaner') return ofBusiness;
  return and(ofBusiness, or(eq(projects.createdBy, viewer.id), eq(projects.assigneeId, viewer.id))) as SQL;
}

/** The member's project, or a 404: one they may not see looks exactly like one that does not exist. */
export async function findOwnedProject(db: Database, viewer: ProjectViewer, projectId: number): Promise<ProjectRow> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleProjects(viewer)))
    .limit(1);
  if (!project) throw notFound('project_not_found');
  return project;
}
