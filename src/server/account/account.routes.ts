// Account settings (spec §5, §7): the business name, and the language and time zone. PATCH serves the Business Settings and
// 'Set Your Business Name' dialogs, PUT the /account page; both answer with the updated user.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { User } from '../../shared/contract/auth.js';
import type { UpdateBusinessNameBody } from '../../shared/contract/account.js';
import { toUserResponse } from '../auth/user-view.js';
import { withBusinessSettings } from '../auth/members.js';
import { users } from '../db/schema.js';
import { forbidden, notFound } from '../lib/http-errors.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, type SignedInUser } from '../lib/add-route.js';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  const updateBusinessName = async ({ user, body }: { user: SignedInUser; body: UpdateBusinessNameBody }): Promise<User> => {
    // The business's name is kept on its account row (auth/members.ts).
    const [updated] = await db.update(users).set({ businessName: body.businessName }).where(eq(users.id, user.accountId)).returning();
    if (!updated) throw notFound('account_missing');
    return toUserResponse(withBusinessSettings(user, updated));
  };

  addRoute(app, api.updateBusinessName, updateBusinessName);
  addRoute(app, api.updatePreferences, async ({ user, body }) => {
    // The language and the name are the member's own; the time zone is the business's (its PDFs), not a cleaner's to change.
    if (body.timeZone !== undefined && user.role === 'cleaner') throw forbidden('forbidden');
    if (body.locale !== undefined || body.name !== undefined) {
      const own = { ...(body.locale !== undefined ? { locale: body.locale } : {}), ...(body.name !== undefined ? { name: body.name } : {}) };
      const [updated] = await db.update(users).set(own).where(eq(users.id, user.id)).returning({ id: users.id });
      if (!updated) throw notFound('account_missing');
    }
    if (body.timeZone !== undefined) await db.update(users).set({ timeZone: body.timeZone }).where(eq(users.id, user.accountId));
    return toUserResponse({ ...user, locale: body.locale ?? user.locale, timeZone: body.timeZone ?? user.timeZone, name: body.name ?? user.name });
  });
  addRoute(app, api.replaceBusinessName, updateBusinessName);
};
