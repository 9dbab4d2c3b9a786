// Idempotent report creation: a phone that made a report with no signal creates it on the server
// when the signal is back, and retries a create whose answer it lost with the same Idempotency-Key;
// the retry answers with the report the first request made, never a second one.
import { and, eq, lt } from 'drizzle-orm';
import type { CreateProjectBody } from '../../shared/contract/projects.js';
import type { Database } from '../db/client.js';
import { projectCreateKeys, projects, type ProjectRow } from '../db/schema.js';
import { notFound } from '../lib/http-errors.js';
import type { PeriodicTask } from '../lib/periodic-task.js';
import { createProject } from './projects.service.js';
import type { ProjectViewer } from '../project-access/project-access.js';
import type { NewArea } from '../project-access/project-areas.js';

/** Keys are kept at least this long (as photo upload keys); the sweep deletes older ones. */
export const PROJECT_CREATE_KEY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Makes the report once per (user, Idempotency-Key): the key's row is inserted in the transaction
 * that makes the report, so of two concurrent requests with one key the second waits on the first's
 * row (its primary key) and then answers with that report. `repeated`: nothing was made.
 */
export async function createProjectOnce(
  db: Database,
  member: ProjectViewer,
  body: CreateProjectBody,
  key: string,
  areas: readonly NewArea[] = [],
): Promise<{ project: ProjectRow; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(projectCreateKeys).values({ userId: member.id, key }).onConflictDoNothing().returning({ key: projectCreateKeys.key });
    if (claimed.length === 0) {
      const [existing] = await tx
        .select({ project: projects })
        .from(projectCreateKeys)
        .innerJoin(projects, eq(projects.id, projectCreateKeys.projectId))
        .where(and(eq(projectCreateKeys.userId, member.id), eq(projectCreateKeys.key, key)))
        .limit(1);
      // The report made with this key has been deleted since: it is not made again.
      if (!existing) throw notFound('project_not_found');
      return { project: existing.project, repeated: true };
    }
    const project = await createProject(tx, member, body, areas);
    await tx
      .update(projectCreateKeys)
      .set({ projectId: project.id })
      .where(and(eq(projectCreateKeys.userId, member.id), eq(projectCreateKeys.key, key)));
    return { project, repeated: false };
  });
}

/** Deletes create keys older than PROJECT_CREATE_KEY_KEEP_MS (run by the upload key sweep). */
export async function deleteOldProjectCreateKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(projectCreateKeys)
    .where(lt(projectCreateKeys.createdAt, new Date(now.getTime() - PROJECT_CREATE_KEY_KEEP_MS)))
    .returning({ key: projectCreateKeys.key });
  return deleted.length;
}

/** The sweep, hourly while the server is up (plugins/periodic-tasks.ts schedules it). */
export function projectCreateKeySweepTask({ db, clock }: { db: Database; clock: () => Date }): PeriodicTask {
  return {
    name: 'project create key sweep',
    intervalMs: 60 * 60 * 1000,
    runAtStart: false,
    run: async () => void (await deleteOldProjectCreateKeys(db, clock())),
  };
}
