// Projects (reports): spec §7's calls. Code says project; only the UI says "report".
import type { FastifyPluginAsync } from 'fastify';
import { CreateProjectBodySchema, ProjectQuerySchema, UpdateProjectBodySchema, type Project, type ProjectSummary } from '../../shared/contract/projects.js';
import { IdParamSchema } from '../../shared/contract/common.js';
import { requireUser } from '../auth/sessions.js';
import { requireActiveAccess } from '../billing/access.js';
import { parseInput } from '../lib/validation.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { heavyReads } from './heavy-reads.js';
import { createProject, deleteProject, listProjects, loadProject, updateProject } from './projects.service.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const projectRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore } = app.deps;

  addRoute(app, api.listProjects, async (request): Promise<ProjectSummary[]> => {
    const user = await requireUser(request);
    return listProjects(db, user.id);
  });

  addRoute(app, api.createProject, async (request, reply) => {
    const user = await requireUser(request);
    const body = parseInput(CreateProjectBodySchema, request.body);
    await requireActiveAccess(request, user);
    const project = await createProject(db, user.id, body);
    return reply.code(201).send(await loadProject({ db, photoStore }, project, 'url'));
  });

  addRoute(app, api.getProject, async (request): Promise<Project> => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const { images } = parseInput(ProjectQuerySchema, request.query);
    const project = await findOwnedProject(db, user.id, id);
    if (images === 'url') return loadProject({ db, photoStore }, project, images);
    // spec §3's form carries every photo as base64: megabytes per request, two at a time per user.
    return heavyReads.run(String(user.id), () => loadProject({ db, photoStore }, project, images));
  });

  addRoute(app, api.updateProject, async (request): Promise<ProjectSummary> => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const body = parseInput(UpdateProjectBodySchema, request.body);
    return updateProject(db, await findOwnedProject(db, user.id, id), body);
  });

  addRoute(app, api.deleteProject, async (request) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    await deleteProject({ db, photoStore }, await findOwnedProject(db, user.id, id));
    return { message: 'Project deleted' };
  });
};
