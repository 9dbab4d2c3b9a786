// Account settings (spec §5, §7): the business name, and the language and time zone (issues 13, 15). PATCH serves the Business Settings and
// 'Set Your Business Name' dialogs, PUT the /account page; both answer with the updated user.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { User } from '../../shared/contract/auth.js';
import { UpdateBusinessNameBodySchema } from '../../shared/contract/account.js';
import { UpdatePreferencesBodySchema } from '../../shared/contract/preferences.js';
import { requireUser } from '../auth/sessions.js';
import { toUserResponse } from '../auth/user-view.js';
import { users } from '../db/schema.js';
import { notFound } from '../lib/http-errors.js';
import { parseInput } from '../lib/validation.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  const updateBusinessName = async (request: FastifyRequest): Promise<User> => {
    const user = await requireUser(request);
    const { businessName } = parseInput(UpdateBusinessNameBodySchema, request.body);
    const [updated] = await db.update(users).set({ businessName }).where(eq(users.id, user.id)).returning();
    if (!updated) throw notFound('Your account no longer exists.');
    return toUserResponse(updated);
  };

  addRoute(app, api.updateBusinessName, updateBusinessName);
  addRoute(app, api.updatePreferences, async (request) => {
    const user = await requireUser(request);
    const { locale, timeZone } = parseInput(UpdatePreferencesBodySchema, request.body);
    const [updated] = await db.update(users).set({ locale, timeZone }).where(eq(users.id, user.id)).returning();
    if (!updated) throw notFound('Your account no longer exists.');
    return toUserResponse(updated);
  });
  addRoute(app, api.replaceBusinessName, updateBusinessName);
};
