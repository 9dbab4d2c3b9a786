import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
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
  return withinViewersShare(viewer, eq(projects.businessId, viewer.businessId));
}

/**
 * The same reports as visibleProjects(), for a list read in `projectListOrder`: newest first
 * within the business. The business is matched with `= any(array[id])`, not `=`, so PostgreSQL
 * keeps "by business, then id" as the order asked for, which only the indexes that start with
 * business_id give. With `=` the business is a constant, the order is just "by id", and the
 * planner may walk the primary key down from the newest report of every business, dropping the
 * other businesses' one by one: a search with no match here read the whole table (100,000 rows
 * in bench/search.ts) instead of this business's reports.
 */
export function visibleProjectsInListOrder(viewer: ProjectViewer): SQL {
  return withinViewersShare(viewer, sql`${projects.businessId} = any(array[${viewer.businessId}]::integer[])`);
}

/** Newest first within the business: what visibleProjectsInListOrder() is written for. */
export const projectListOrder = [desc(projects.businessId), desc(projects.id)];

/** A cleaner sees only the business's reports they made or are assigned to. */
function withinViewersShare(viewer: ProjectViewer, ofBusiness: SQL): SQL {
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
