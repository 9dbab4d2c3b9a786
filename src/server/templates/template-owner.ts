// Whose templates a member sees and changes: the same owner key reports use (projects.userId).
// One function, so moving ownership from the member to their business changes this line only.
import type { SignedInUser } from '../lib/add-route.js';

export function templateOwnerKey(member: Pick<SignedInUser, 'id'>): number {
  return member.id;
}
