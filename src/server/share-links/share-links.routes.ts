// The owner's side of client links: make one (402 without access, 409 without a pair
// or past the cap), list a report's links, revoke one. Another user's report or link is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, routeUser } from '../lib/add-route.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { requireActiveAccess } from '../billing/access.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { createShareLink, listShareLinks, revokeOwnedShareLink } from './share-links.service.js';
import { toShareLinkResponse } from './share-link-view.js';

export const shareLinkRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.deps;
  const createsPerUser = createLimiter(app, {
    name: 'share-link-creates-user',
    ...RATE_LIMITS.shareLinkCreatesPerUser,
    key: (request) => String(routeUser(request).id),
    code: 'share_links_rate_limited',
  });

  addRoute(app, api.createShareLink, { onRequest: createsPerUser.hit }, async ({ user, params, body, request, reply }) => {
    const project = await findOwnedProject(db, user, params.id);
    await requireActiveAccess(request, user);
    const link = await createShareLink(db, project.id, body.expiresInDays, clock());
    return reply.code(201).send(toShareLinkResponse(link, config.appUrl));
  });

  addRoute(app, api.listShareLinks, async ({ user, params }) => {
    const project = await findOwnedProject(db, user, params.id);
    return (await listShareLinks(db, project.id)).map((link) => toShareLinkResponse(link, config.appUrl));
  });

  // Revoking needs no access: a business whose trial ended can still withdraw what it shared.
  addRoute(app, api.revokeShareLink, async ({ user, params }) => toShareLinkResponse(await revokeOwnedShareLink(db, user, params.id, clock()), config.appUrl));
};
