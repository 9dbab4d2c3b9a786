// The admin dashboard's API contract (spec §3 admin analytics, §6 admin role and CSV columns, §7 calls).
import { z } from 'zod';

/** How many newest users the dashboard lists (spec §3: recentUsers is a list, so keep it bounded). */
export const RECENT_USERS_LIMIT = 50;
/** The sign-ups chart covers this many UTC days, today included. */
export const SIGNUP_CHART_DAYS = 30;
/** spec §6: the CSV export's columns, in order. */
export const ADMIN_USERS_CSV_COLUMNS = ['Email', 'Business Name', 'Signup Date', 'Trial Ends', 'Status'] as const;

export const AdminVerifyBodySchema = z.object({
  password: z.string({ error: 'Please enter the admin password.' }).min(1, 'Please enter the admin password.').max(200, 'The admin password is too long.'),
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

export const AdminRecentUserSchema = z.object({
  email: z.string(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
  trialEndsAt: z.string(),
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

/** The export's download name, dated by the UTC day it was made: cleanproof-users-YYYY-MM-DD.csv. */
export function adminUsersCsvFilename(at: Date): string {
  return `cleanproof-users-${at.toISOString().slice(0, 10)}.csv`;
}
