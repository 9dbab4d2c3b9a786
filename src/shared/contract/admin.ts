// The admin dashboard's API contract (spec §3 admin analytics, §6 admin role and CSV columns, §7 calls).
import { z } from 'zod';
import { MessageResponseSchema } from './common.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

// Plain constants live in ../admin-figures.ts (no zod: the web bundles them); re-exported here.
export { ADMIN_USERS_CSV_COLUMNS, RECENT_USERS_LIMIT, SIGNUP_CHART_DAYS, adminUsersCsvFilename } from '../admin-figures.js';

export const AdminVerifyBodySchema = z.object({
  password: z
    .string({ error: issueCode('admin_password_required') })
    .min(1, issueCode('admin_password_required'))
    .max(200, issueCode('admin_password_too_long')),
});
export type AdminVerifyBody = z.infer<typeof AdminVerifyBodySchema>;

/** Whether this browser holds a valid admin session (the page asks on load, spec §4: locked until verified). */
export const AdminSessionSchema = z.object({
  unlocked: z.boolean(),
  /** ISO time the admin session ends; null when locked. */
  expiresAt: z.string().nullable(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;

/** spec §6: a user's status in the admin views is one of these two. */
export const AdminUserStatusSchema = z.enum(['Subscribed', 'Trial']);
export type AdminUserStatus = z.infer<typeof AdminUserStatusSchema>;

/** spec §3: recentUsers is a list of users (User: id, email, businessName, createdAt, trialEndsAt, stripeSubscriptionId). */
export const AdminRecentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
  trialEndsAt: z.string(),
  stripeSubscriptionId: z.string().nullable(),
  status: AdminUserStatusSchema,
});
export type AdminRecentUser = z.infer<typeof AdminRecentUserSchema>;

export const SignupDaySchema = z.object({
  /** A UTC calendar day, YYYY-MM-DD. */
  date: z.string(),
  count: z.number(),
});
export type SignupDay = z.infer<typeof SignupDaySchema>;

/**
 * spec §3 admin analytics. Day, week and month boundaries are UTC: today starts at 00:00 UTC,
 * the week on Monday 00:00 UTC, the month on the 1st at 00:00 UTC.
 */
export const AdminAnalyticsSchema = z.object({
  totalUsers: z.number(),
  /** Active members in all businesses (owners, managers and cleaners). */
  totalMembers: z.number(),
  /** Users without an active subscription (the CSV's 'Trial'); trialUsers + subscribedUsers = totalUsers. */
  trialUsers: z.number(),
  /** Of trialUsers, those whose 14-day trial has already ended. */
  trialEndedUsers: z.number(),
  subscribedUsers: z.number(),
  newUsersToday: z.number(),
  newUsersThisWeek: z.number(),
  newUsersThisMonth: z.number(),
  /** The newest users first, at most RECENT_USERS_LIMIT. */
  recentUsers: z.array(AdminRecentUserSchema),
  /** SIGNUP_CHART_DAYS entries, oldest first, days without sign-ups included with 0. */
  signupsByDay: z.array(SignupDaySchema),
  /** When the figures were computed (ISO). */
  generatedAt: z.string(),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;

export const adminRoutes = {
  verifyAdmin: defineRoute({
    method: 'POST',
    path: '/api/admin/verify',
    summary: 'Unlock the dashboard with the shared admin password (sets the admin cookie)',
    access: 'public',
    body: AdminVerifyBodySchema,
    response: AdminSessionSchema,
  }),
  getAdminSession: defineRoute({
    method: 'GET',
    path: '/api/admin/session',
    summary: 'Whether this browser holds the admin session',
    access: 'public',
    response: AdminSessionSchema,
  }),
  lockAdmin: defineRoute({ method: 'POST', path: '/api/admin/logout', summary: 'Lock the dashboard again', access: 'public', response: MessageResponseSchema }),
  getAdminAnalytics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics',
    summary: 'User and subscription figures',
    access: 'admin',
    response: AdminAnalyticsSchema,
  }),
  getUsersCsv: defineRoute({ method: 'GET', path: '/api/admin/users.csv', summary: 'Every user as CSV', access: 'admin', fileTypes: ['text/csv'] }),
};
