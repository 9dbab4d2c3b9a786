// Whose clients these are: the business's, so every member of it sees the same clients.
import type { SignedInUser } from '../lib/add-route.js';

export function clientOwnerId(user: Pick<SignedInUser, 'businessId'>): number {
  return user.businessId;
}
