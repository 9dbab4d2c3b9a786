import type { FastifyPluginAsync } from 'fastify';
import type { AutoPairResponse, PhotoPair } from '../../shared/contract/projects.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { assertOpen } from '../project-access/project-areas.js';
import { autoPairPhotos, createPhotoPair, deletePhotoPair, findOwnedPair } from './photo-pairs.service.js';
import { toPhotoResponse } from './photo-view.js';
import { withChecksums } from './photo-checksums.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { loadMemberNames } from '../project-access/member-names.js';

export const photoPairRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  addRoute(app, api.createPhotoPair, async ({ user, params, body, reply }) => {
    const project = await findOwnedProject(db, user, params.id);
    assertOpen(project);
    const { pair, ...photos } = await createPhotoPair(db, project.id, body);
    const [before, after] = await withChecksums(app.deps, [photos.before, photos.after]);
    if (!before || !after) throw new Error('A pair needs both photos');
    const names = await loadMemberNames(db, [before.takenBy, after.takenBy]);
    const response: PhotoPair = {
      id: pair.id,
      beforePhotoId: pair.beforePhotoId,
      afterPhotoId: pair.afterPhotoId,
      beforePhoto: toPhotoResponse(before, names),
      afterPhoto: toPhotoResponse(after, names),
      createdAt: pair.createdAt.toISOString(),
    };
    return reply.code(201).send(response);
  });

  addRoute(app, api.autoPairAll, async ({ user, params }): Promise<AutoPairResponse> => {
    const project = await findOwnedProject(db, user, params.id);
    assertOpen(project);
    return { pairsCreated: await autoPairPhotos(db, project.id) };
  });

  addRoute(app, api.deletePhotoPair, async ({ user, params }) => {
    const pair = await findOwnedPair(db, user, params.id);
    await deletePhotoPair(db, pair);
    return { message: 'Photo pair deleted' };
  });
};
