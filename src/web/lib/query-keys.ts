// The query keys more than one screen shares (each is its route's URL, spec §7).
import { apiQueryKey } from './api/api-paths';

export const USER_QUERY_KEY = apiQueryKey('getUser');
export const SUBSCRIPTION_STATUS_QUERY_KEY = apiQueryKey('getSubscriptionStatus');
export const PROJECTS_QUERY_KEY = apiQueryKey('listProjects');
export const projectQueryKey = (projectId: number) => apiQueryKey('getProject', { id: projectId });
export const CLIENTS_QUERY_KEY = apiQueryKey('listClients');
export const TEMPLATES_QUERY_KEY = apiQueryKey('listTemplates');
export const TEAM_QUERY_KEY = apiQueryKey('getTeam');
