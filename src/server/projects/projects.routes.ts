// Projects (reports): spec §7's calls. Code says project; only the UI says "report".
import type { FastifyPluginAsync } from 'fastify';
import type { Project, ProjectSummary } from '../../shared/contract/projects.js';
import { requireActiveAccess } from '../billing/access.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { heavyReads } from './heavy-reads.js';
import { createProjectOnce } from './project-create-keys.js';
import { createProject, deleteProject, listProjects, loadProject, updateProject } from './projects.service.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { areasForNewProject } from './new-project-areas.js';
import { finishProject, reopenProject } from './finish.service.js';
import { setAreaSkipped } from '../project-access/project-areas.js';

export const projectRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore } = app.deps;

  addRoute(app, api.listProjects, async ({ user, query }): Promise<ProjectSummary[]> => listProjects(db, user, query));

  addRoute(app, api.createProject, async ({ user, body, headers, request, reply }) => {
    const key = headers['Idempotency-Key'];
    await requireActiveAccess(request, user);
    // A phone retrying a create whose answer it lost sends the same key: 200 with the same report.
    const areas = await areasForNewProject(db, user, body);
    const { project, repeated } =
      key === undefined
        ? { project: await db.transaction((tx) => createProject(tx, user, body, areas)), repeated: false }
        : await createProjectOnce(db, user, body, key, areas);
    return reply.code(repeated ? 200 : 201).send(await loadProject({ db, photoStore }, project, 'url', user));
  });

  addRoute(app, api.getProject, async ({ user, params, query }): Promise<Project> => {
    const project = await findOwnedProject(db, user, params.id);
    if (query.images === 'url') return loadProject({ db, photoStore }, project, query.images, user);
    // spec §3's form carries every photo as base64: megabytes per request, two at a time per user.
    return heavyReads.run(String(user.id), () => loadProject({ db, photoStore }, project, query.images, user));
  });

  addRoute(app, api.updateProject, async ({ user, params, body }): Promise<ProjectSummary> =>
    updateProject(db, user, await findOwnedProject(db, user, params.id), body),
  );

  addRoute(app, api.finishProject, async ({ user, params }): Promise<Project> => {
    const project = await finishProject(db, await findOwnedProject(db, user, params.id), app.deps.clock());
    return loadProject({ db, photoStore }, project, 'url', user);
  });

  addRoute(app, api.reopenProject, async ({ user, params }): Promise<Project> => {
    const project = await reopenProject(db, await findOwnedProject(db, user, params.id));
    return loadProject({ db, photoStore }, project, 'url', user);
  });

  addRoute(app, api.skipArea, async ({ user, params, body }) => setAreaSkipped(db, await findOwnedProject(db, user, params.id), params.areaId, body));

  addRoute(app, api.unskipArea, async ({ user, params }) => setAreaSkipped(db, await findOwnedProject(db, user, params.id), params.areaId, null));

  addRoute(app, api.deleteProject, async ({ user, params }) => {
    await deleteProject({ db, photoStore }, await findOwnedProject(db, user, params.id));
    return { message: 'Project deleted' };
  });
};
