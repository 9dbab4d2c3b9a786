// Clients: their own contract (src/shared/contract/clients.ts). Thin: each handler calls one service function.
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { clientOwnerId } from './client-owner.js';
import { createClient, deleteClient, listClients, loadClient, updateClient } from './clients.service.js';

export const clientRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  addRoute(app, api.listClients, async ({ user, query }) => listClients(db, clientOwnerId(user), query));

  addRoute(app, api.createClient, async ({ user, body, reply }) => reply.code(201).send(await createClient(db, clientOwnerId(user), body)));

  addRoute(app, api.getClient, async ({ user, params }) => loadClient(db, clientOwnerId(user), params.id));

  addRoute(app, api.updateClient, async ({ user, params, body }) => updateClient(db, clientOwnerId(user), params.id, body));

  addRoute(app, api.deleteClient, async ({ user, params }) => {
    await deleteClient(db, clientOwnerId(user), params.id);
    return { message: 'Client deleted' };
  });
};
