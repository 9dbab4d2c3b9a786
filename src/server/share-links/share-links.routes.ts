// The owner's side of client links (issue 14): make one (402 without access, 409 without a pair
// or past the cap), list a report's links, revoke one. Another user's report or link is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { IdParamSchema } from '../../shared/contract/common.js';
import { CreateShareLinkBodySchema } from '../../shared/contract/share-links.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { parseInput } from '../lib/validation.js';
import { requireUser } from '../auth/sessions.js';
import { requireActiveAccess } from '../billing/access.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { createShareLink, listShareLinks, revokeOwnedShareLink } from './share-links.service.js';
import { toShareLinkResponse } from './share-link-view.js';

export const shareLinkRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.deps;
  const createsPerUser = createLimiter(app, {
    name: 'share-link-creates-user',
    ...RATE_LIMITS.shareLinkCreatesPerUser,
    key: async (request) => String((await requireUser(request)).id),
    message: (minutes) => `Too many new links in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  });

  addRoute(app, api.createShareLink, { onRequest: createsPerUser.hit }, async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const project = await findOwnedProject(db, user.id, id);
    await requireActiveAccess(request, user);
    const { expiresInDays } = parseInput(CreateShareLinkBodySchema, request.body);
    const link = await createShareLink(db, project.id, expiresInDays, clock());
    return reply.code(201).send(toShareLinkResponse(link, config.appUrl));
  });

  addRoute(app, api.listShareLinks, async (request) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const project = await findOwnedProject(db, user.id, id);
    return (await listShareLinks(db, project.id)).map((link) => toShareLinkResponse(link, config.appUrl));
  });

  // Revoking needs no access: a business whose trial ended can still withdraw what it shared.
  addRoute(app, api.revokeShareLink, async (request) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    return toShareLinkResponse(await revokeOwnedShareLink(db, user.id, id, clock()), config.appUrl);
  });
};
