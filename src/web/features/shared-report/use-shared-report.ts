// Loads the shared report for the token in the address (/r/{token}). The server preloads the same
// request with the page, so on a phone this usually costs no extra round trip.
import { useCallback, useEffect, useState } from 'react';
import type { SharedReport } from '@shared/contract/share-links';
import type { GoneLinkState } from '@shared/shared-report-text';
import { ApiError } from '../../lib/api-client';
import { createApiClient } from '../../lib/api/create-api-client';

/** Only public routes are called here: no sign-in, no 401/402 rule, none of the app's state. */
const publicApi = createApiClient();

export type SharedReportState =
  | { status: 'loading' }
  | { status: 'ready'; report: SharedReport }
  /** Expired or revoked since the page was served, or never existed. */
  | { status: 'gone'; state: GoneLinkState }
  | { status: 'failed' };

/** '/r/abc' -> 'abc' (a token is URL-safe as it is: the server checked it before serving the page). */
export function tokenFromPath(pathname: string): string {
  return pathname.split('/')[2] ?? '';
}

function goneState(error: ApiError): GoneLinkState {
  if (error.status === 404) return 'unknown';
  return error.goneState ?? 'expired';
}

export function useSharedReport(token: string): { state: SharedReportState; retry: () => void } {
  const [state, setState] = useState<SharedReportState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    publicApi.getSharedReport({ params: { token } }).then(
      (report) => current && setState({ status: 'ready', report }),
      (error: unknown) => {
        if (!current) return;
        const isGone = error instanceof ApiError && (error.status === 404 || error.status === 410);
        setState(isGone ? { status: 'gone', state: goneState(error) } : { status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
