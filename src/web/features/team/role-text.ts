// A role's name on screen, and which roles a member may give in an invite.
import type { User } from '@shared/contract/auth';
import { t, type MessageId } from '../../lib/i18n/i18n';

export type Role = User['role'];

const ROLE_NAMES: Record<Role, MessageId> = { owner: 'team.role.owner', manager: 'team.role.manager', cleaner: 'team.role.cleaner' };

export const roleName = (role: Role): string => t(ROLE_NAMES[role]);

/** An owner invites managers and cleaners; a manager, cleaners only (decision 026). */
export const invitableRoles = (actor: Role): ('manager' | 'cleaner')[] => (actor === 'owner' ? ['cleaner', 'manager'] : ['cleaner']);

/** Whether `actor` sees the controls for this member: the owner for everyone else, a manager for cleaners. */
export const canManageMember = (actor: Role, target: Role): boolean => actor === 'owner' || (actor === 'manager' && target === 'cleaner');
