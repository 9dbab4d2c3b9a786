// The route table: every API route, in one list. Adding a route is adding an entry to
// its domain's table (src/shared/contract/<domain>.ts) and a handler registered with addRoute()
// on the server; /api/openapi.json and the web's client follow from the entry.
import { z } from 'zod';
import { accountRoutes } from './account.js';
import { adminRoutes } from './admin.js';
import { authRoutes } from './auth.js';
import { billingRoutes } from './billing.js';
import { clientRoutes } from './clients.js';
import { projectRoutes } from './projects.js';
import { defineRoute } from './route.js';
import { shareLinkRoutes } from './share-links.js';
import { templateRoutes } from './templates.js';
import { clientAnswerRoutes } from './client-answers.js';
import { teamRoutes } from './team.js';

export const docsRoutes = {
  getOpenApiDocument: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document, built from the route table',
    access: 'public',
    response: z.record(z.string(), z.unknown()),
  }),
};

export const apiRoutes = {
  ...authRoutes,
  ...accountRoutes,
  ...projectRoutes,
  ...clientRoutes,
  ...shareLinkRoutes,
  ...templateRoutes,
  ...clientAnswerRoutes,
  ...teamRoutes,
  ...billingRoutes,
  ...adminRoutes,
  ...docsRoutes,
};

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
