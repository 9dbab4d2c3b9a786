// How addRoute's access check finds a request's sessions: the signed-in member (with their role)
// from the auth domain, the admin session from the admin domain.
import { findRequestMember } from '../auth/sessions.js';
import { findAdminSession } from '../admin/admin-sessions.js';
import type { RouteAccessResolver } from '../lib/add-route.js';
import { appWide } from './app-wide.js';

export const routeAccessPlugin = appWide('route-access', async (app) => {
  const resolver: RouteAccessResolver = { findMember: findRequestMember, hasAdminSession: async (request) => (await findAdminSession(request)) !== null };
  app.decorate('routeAccess', resolver);
});
