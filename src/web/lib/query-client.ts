import { onlineManager, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, isUnauthorized } from './api-client';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** spec §7: queries GET the path made by joining the key's segments with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiGet<T>(queryKey.join('/'), signal);
    } catch (error) {
      if (on401 === 'returnNull' && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

// TanStack Query assumes a connection until an 'offline' event; a page opened with none must
// know at once, so its queries wait (showing what the persisted cache kept) instead of failing.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

export const queryClient = createQueryClient();
