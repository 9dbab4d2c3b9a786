// The signed-in user written into index.html by the server (the first screen need not
// wait for the current-user lookup). user is null when the request had no valid session cookie;
// the app then still asks the API when it holds a bearer token.
import type { User } from './contract/auth.js';

export const CURRENT_USER_ELEMENT_ID = 'cp-current-user';

export interface InlinedCurrentUser {
  user: User | null;
}
