// What a member may do to another member, beyond the route's access level (owner or manager):
// a manager acts on cleaners only, only the owner changes roles, and a business always keeps one
// active owner. Pure, so the rules read in one place.
import type { BusinessRole } from '../../shared/contract/route.js';
import type { UpdateMemberBody } from '../../shared/contract/team.js';

export type TeamRuleBreak = 'forbidden' | 'last_owner' | null;

/** May `actor` invite someone to this role? A manager invites cleaners only. */
export const canInvite = (actor: BusinessRole, role: BusinessRole): boolean => actor === 'owner' || (actor === 'manager' && role === 'cleaner');

/** May `actor` act on this member at all (sign-in link, deactivate)? A manager acts on cleaners only. */
export const canManage = (actor: BusinessRole, target: BusinessRole): boolean => actor === 'owner' || (actor === 'manager' && target === 'cleaner');

/**
 * Why this change may not be made, or null. `otherActiveOwners` counts the active owners besides
 * the target.
 */
export function memberChangeBreaks(actor: BusinessRole, target: BusinessRole, change: UpdateMemberBody, otherActiveOwners: number): TeamRuleBreak {
  if (change.role !== undefined && change.role !== target && actor !== 'owner') return 'forbidden';
  if (!canManage(actor, target)) return 'forbidden';
  const stopsBeingOwner = target === 'owner' && ((change.role !== undefined && change.role !== 'owner') || change.active === false);
  if (stopsBeingOwner && otherActiveOwners === 0) return 'last_owner';
  return null;
}
