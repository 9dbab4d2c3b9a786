// A Sign Out made without a signal is kept on the device until the server has it: until then the
// app shows nobody signed in and sends nothing with the old session but the sign-out itself. On
// a shared phone the next person to open the app online must not find the previous user there.
import { api } from './api';

const PENDING_SIGN_OUT_KEY = 'cleanproof-pending-sign-out';

export function hasPendingSignOut(): boolean {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

function setPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_SIGN_OUT_KEY, '1');
    else localStorage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // storage refused (private mode): the sign-out is only as good as the call below
  }
}

/** Kept first: a page closed mid-call still has it. */
export const keepSignOut = () => setPending(true);

/** A new sign-in replaced the old session's cookie: the kept sign-out would end the new one. */
export const forgetPendingSignOut = () => setPending(false);

let sending: Promise<boolean> | undefined;

/** Sends the kept sign-out, if any; true once the server has it (or there was none). */
export function sendPendingSignOut(): Promise<boolean> {
  if (!hasPendingSignOut()) return Promise.resolve(true);
  sending ??= api
    .logout()
    .then(() => {
      setPending(false);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      sending = undefined;
    });
  return sending;
}

/** Sends it the moment the device is back online, in any open tab. */
export function sendPendingSignOutWhenOnline(): void {
  window.addEventListener('online', () => void sendPendingSignOut());
  void sendPendingSignOut();
}
