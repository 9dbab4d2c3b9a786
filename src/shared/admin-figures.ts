// The admin dashboard's fixed figures (spec §3 recentUsers, §6 CSV columns), without zod so the
// web can use them at no cost.

/** How many newest users the dashboard lists (spec §3: recentUsers is a list, so keep it bounded). */
export const RECENT_USERS_LIMIT = 50;
/** The sign-ups chart covers this many UTC days, today included. */
export const SIGNUP_CHART_DAYS = 30;
/** spec §6: the CSV export's columns, in order. */
export const ADMIN_USERS_CSV_COLUMNS = ['Email', 'Business Name', 'Signup Date', 'Trial Ends', 'Status'] as const;

/** The export's download name, dated by the UTC day it was made: cleanproof-users-YYYY-MM-DD.csv. */
export function adminUsersCsvFilename(at: Date): string {
  return `cleanproof-users-${at.toISOString().slice(0, 10)}.csv`;
}
