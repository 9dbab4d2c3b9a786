// The crew: a business's members and roles, invites to join it, and sign-in links for a member's
// new phone. Who may call each route is its `access`; what a manager may do to whom (cleaners
// only) is checked by the team service, and answered 403 like any other role rule.
import { z } from 'zod';
import { EmailSchema, LoginResponseSchema, NewPasswordSchema } from './auth.js';
import { IdParamSchema, MessageResponseSchema } from './common.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';
import { MemberNameSchema } from './member-name.js';

export const MemberRoleSchema = z.enum(['owner', 'manager', 'cleaner'], { error: issueCode('member_role_invalid') });
export const InviteRoleSchema = z.enum(['manager', 'cleaner'], { error: issueCode('invite_role_invalid') });

export { MemberNameSchema };

export const TeamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Null for a member who joined with a name only. */
  email: z.string().nullable(),
  role: MemberRoleSchema,
  active: z.boolean(),
  joinedAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** An invite as its creator sees it: the link itself, to share again. */
export const InviteSchema = z.object({
  id: z.number(),
  role: InviteRoleSchema,
  name: z.string().nullable(),
  /** APP_URL/join/{token}: one use, valid 7 days. */
  url: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const PendingInviteSchema = InviteSchema.extend({ createdAt: z.string() });

export const TeamSchema = z.object({
  businessName: z.string().nullable(),
  members: z.array(TeamMemberSchema),
  /** Invites not yet used, revoked or expired, newest first. */
  invites: z.array(PendingInviteSchema),
});
export type Team = z.infer<typeof TeamSchema>;

export const CreateInviteBodySchema = z.object({ role: InviteRoleSchema, name: MemberNameSchema.optional() });
export type CreateInviteBody = z.infer<typeof CreateInviteBodySchema>;

export const UpdateMemberBodySchema = z
  .object({
    role: MemberRoleSchema.optional(),
    active: z.boolean({ error: issueCode('member_active_invalid') }).optional(),
  })
  .refine((body) => body.role !== undefined || body.active !== undefined, { message: issueCode('member_update_empty') });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

/** A link's token, checked for shape before any lookup. */
const linkTokenParams = (code: 'invite_not_found' | 'sign_in_link_not_found') =>
  z.object({ token: z.string({ error: issueCode(code) }).regex(/^[A-Za-z0-9_-]{16,200}$/, issueCode(code)) });
export const LinkTokenParamsSchema = linkTokenParams('invite_not_found');
export const SignInTokenParamsSchema = linkTokenParams('sign_in_link_not_found');

export const InvitePreviewSchema = z.object({
  businessName: z.string().nullable(),
  role: InviteRoleSchema,
  /** The name the inviter suggested, or null. */
  name: z.string().nullable(),
  expiresAt: z.string(),
  /** GET /api/join/{token}/logo when the business has a logo, else null. */
  businessLogoUrl: z.string().nullable(),
});

/** A name, and optionally an email with a password to sign in anywhere with POST /api/login. */
export const JoinBodySchema = z
  .object({ name: MemberNameSchema, email: EmailSchema.optional(), password: NewPasswordSchema.optional() })
  .refine((body) => body.email === undefined || body.password !== undefined, { message: issueCode('password_required'), path: ['password'] })
  .refine((body) => body.password === undefined || body.email !== undefined, { message: issueCode('email_required'), path: ['email'] });
export type JoinBody = z.infer<typeof JoinBodySchema>;

export const SignInLinkSchema = z.object({
  /** APP_URL/sign-in/{token}: one use, valid 24 hours. */
  url: z.string(),
  expiresAt: z.string(),
});

export const teamRoutes = {
  getTeam: defineRoute({
    method: 'GET',
    path: '/api/team',
    summary: "The business's members and pending invites",
    access: 'manager',
    response: TeamSchema,
  }),
  createInvite: defineRoute({
    method: 'POST',
    path: '/api/team/invites',
    summary: 'Invite a manager (owner only) or a cleaner: a one-use link valid 7 days (409 team_full at 25 active members)',
    access: 'manager',
    body: CreateInviteBodySchema,
    status: 201,
    response: InviteSchema,
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/api/team/invites/:id',
    summary: 'Revoke an invite: its link stops working',
    access: 'manager',
    params: IdParamSchema,
    response: MessageResponseSchema,
  }),
  getInvite: defineRoute({
    method: 'GET',
    path: '/api/join/:token',
    summary: 'What an invite is for (410 when used, revoked or expired; 404 when unknown)',
    access: 'public',
    params: LinkTokenParamsSchema,
    response: InvitePreviewSchema,
  }),
  getInviteLogo: defineRoute({
    method: 'GET',
    path: '/api/join/:token/logo',
    summary: "The inviting business's logo for the join page (404 when it has none; 410 and 404 as GET /api/join/{token})",
    access: 'public',
    params: LinkTokenParamsSchema,
    fileTypes: ['image/png', 'image/jpeg'],
  }),
  joinBusiness: defineRoute({
    method: 'POST',
    path: '/api/join/:token',
    summary: 'Join a business from an invite and sign in, as POST /api/login does (409 for an email that has an account)',
    access: 'public',
    params: LinkTokenParamsSchema,
    body: JoinBodySchema,
    status: 201,
    response: LoginResponseSchema,
  }),
  createSignInLink: defineRoute({
    method: 'POST',
    path: '/api/team/members/:id/sign-in-link',
    summary: "A one-use link, valid 24 hours, that signs a member in on a new phone (a manager: cleaners' only)",
    access: 'manager',
    params: IdParamSchema,
    response: SignInLinkSchema,
  }),
  updateMember: defineRoute({
    method: 'PATCH',
    path: '/api/team/members/:id',
    summary: "Change a member's role (owner only) or deactivate and reactivate them; deactivating ends their sessions",
    access: 'manager',
    params: IdParamSchema,
    body: UpdateMemberBodySchema,
    response: TeamMemberSchema,
  }),
  signInWithLink: defineRoute({
    method: 'POST',
    path: '/api/sign-in/:token',
    summary: 'Sign in with a sign-in link from the team page, as POST /api/login does (410 when used or expired)',
    access: 'public',
    params: SignInTokenParamsSchema,
    response: LoginResponseSchema,
  }),
};
