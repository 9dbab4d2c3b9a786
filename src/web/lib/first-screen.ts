// The first screen's data, started before React renders (issue 16: LCP). The server writes the
// signed-in user into the page (src/server/web/serve-web-app.ts): with it the app knows at once
// whether to show the landing page or the reports, and the reports list is asked for right away.
import type { User } from '@shared/contract/auth';
import { CURRENT_USER_ELEMENT_ID, type InlinedCurrentUser } from '@shared/inlined-user';
import { api } from './api';
import { getAuthToken } from './api-client';
import { parseProjectParam } from './project-param';
import { queryClient } from './query-client';
import { PROJECTS_QUERY_KEY, USER_QUERY_KEY } from './query-keys';

function readInlinedUser(): InlinedCurrentUser | null {
  const text = document.getElementById(CURRENT_USER_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as InlinedCurrentUser;
  } catch {
    return null;
  }
}

export function startFirstScreen(): void {
  const inlined = readInlinedUser();
  if (!inlined) return; // no data block (e.g. the dev server): the app asks GET /api/user
  // No cookie session but a stored bearer token: only the API can say who that is.
  if (!inlined.user && getAuthToken()) return;
  queryClient.setQueryData<User | null>(USER_QUERY_KEY, inlined.user);
  if (inlined.user && window.location.pathname === '/' && parseProjectParam(window.location.search) === null) {
    void queryClient.prefetchQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: ({ signal }) => api.listProjects(undefined, { signal }) });
  }
}
