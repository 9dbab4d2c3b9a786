// Which controls a member sees: a route's `access` in the route table (the one place the server
// enforces roles) read against the signed-in member's role, so a cleaner never sees a button the
// server would answer 403.
import { ROLES_ADMITTED, type BusinessRole } from '@shared/contract/route';
import { API_ROUTES } from './api/api-routes.generated';
import { useCurrentUser } from './auth';

export type ApiRouteName = keyof typeof API_ROUTES;

/** Whether a member with `role` may call the route; false for nobody signed in. */
export function mayCall(role: BusinessRole | undefined, route: ApiRouteName): boolean {
  const { access } = API_ROUTES[route];
  if (access === 'public') return true;
  if (access === 'admin' || role === undefined) return false;
  return ROLES_ADMITTED[access].includes(role);
}

/** mayCall for the signed-in member. */
export function useMayCall(route: ApiRouteName): boolean {
  return mayCall(useCurrentUser().data?.role, route);
}
