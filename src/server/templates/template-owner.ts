// Whose templates a member sees and changes: their business's, like its reports and clients.
import type { SignedInUser } from '../lib/add-route.js';

export function templateOwnerKey(member: Pick<SignedInUser, 'businessId'>): number {
  return member.businessId;
}
