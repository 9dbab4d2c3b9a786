// GET /api/openapi.json: the route table as an OpenAPI 3.1 document, built once per server.
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { buildOpenApiDocument } from './openapi-document.js';

export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: Record<string, unknown> | undefined;
  addRoute(app, api.getOpenApiDocument, async () => (document ??= buildOpenApiDocument(api, app.deps.config.appUrl)));
};
