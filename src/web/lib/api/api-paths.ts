// URLs of the route table's entries, for the client, query keys and the few navigations to the API.
import { API_ROUTES } from './api-routes.generated';

export type ApiRouteName = keyof typeof API_ROUTES;
type PathParams = Record<string, string | number>;

/** The entry's path with its :params filled in (URL-encoded). */
export function apiPath(name: ApiRouteName, params: PathParams = {}): string {
  return API_ROUTES[name].path.replace(/:([A-Za-z0-9_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query key whose segments, joined with '/', are the entry's URL (spec §7: queries GET the path
 * made by joining the key's segments): [listProjects' path, 7] for getProject { id: 7 }.
 */
export function apiQueryKey(name: ApiRouteName, params: PathParams = {}): readonly (string | number)[] {
  return API_ROUTES[name].path.split(/\/:/).map((segment, index) => {
    if (index === 0) return segment;
    const [key = '', ...rest] = segment.split('/');
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return rest.length > 0 ? `${value}/${rest.join('/')}` : value;
  });
}
