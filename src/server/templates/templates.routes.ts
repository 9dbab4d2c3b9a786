// Job templates: the built-in ones in the member's language, and the business's own.
import type { FastifyPluginAsync } from 'fastify';
import { toLocale } from '../../shared/preferences.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { templateOwnerKey } from './template-owner.js';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.js';

export const templateRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  addRoute(app, api.listTemplates, async ({ user }) => listTemplates(db, templateOwnerKey(user), toLocale(user.locale)));

  addRoute(app, api.createTemplate, async ({ user, body, reply }) =>
    reply.code(201).send(await createTemplate(db, templateOwnerKey(user), body, toLocale(user.locale))),
  );

  addRoute(app, api.updateTemplate, async ({ user, params, body }) => updateTemplate(db, templateOwnerKey(user), params.id, body));

  addRoute(app, api.deleteTemplate, async ({ user, params }) => {
    await deleteTemplate(db, templateOwnerKey(user), params.id);
    return { message: 'Template deleted' };
  });
};
