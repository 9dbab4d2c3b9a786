// Whose clients these are. Today reports belong to the account that made them (projects.user_id),
// and clients to the same owner; when ownership moves to the business, this is the one place to change.
import type { SignedInUser } from '../lib/add-route.js';

export function clientOwnerId(user: Pick<SignedInUser, 'id'>): number {
  return user.id;
}
