// The admin analytics call at 100,000 users: p50/p95 of GET /api/admin/analytics over
// real HTTP, and one full CSV export, on PGlite and on PostgreSQL; then the query plans, to show
// the 30-day chart, the newest-users list and the export pages read users_created_at_idx.
//   npm run bench:admin            (both databases; BENCH_ADMIN_DATABASES=pglite to pick one)
// Each database runs in its own child process (the test harness picks its database at import).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { recentUsersQuery, signupsByDayQuery, userCountsQuery } from '../src/server/admin/admin-analytics.js';
import { usersCsvPageQuery } from '../src/server/admin/users-csv.js';
import { startTestApp, TEST_ADMIN_PASSWORD, testDatabaseKind, type TestApp } from '../src/server/test-support/test-app.js';
import { insertAccounts } from '../src/server/test-support/insert-accounts.js';
import { cookieHeader, kb, printTable } from './bench-support.js';

const USERS = 100_000;
const WARM_UP_CALLS = 5;
const TIMED_CALLS = 60;
const EXPORTS = 3;

interface Figures {
  database: string;
  seedSeconds: number;
  p50: number;
  p95: number;
  max: number;
  exportMs: number;
  exportBytes: number;
  plans: Record<string, { usesCreatedAtIndex: boolean; plan: string }>;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** 100,000 users over the last 120 days, one in eight with a subscription of mixed status. */
async function seed(t: TestApp): Promise<void> {
  await insertAccounts(
    t,
    sql`select 'bench-' || n || '@example.com' as email, 'x' as password_hash, 'Business ' || n as business_name, created as created_at,
      created + interval '14 days' as trial_ends_at
    from (select n, now() - (n * interval '120 days') / ${USERS} - (random() * interval '1 hour') as created from generate_series(1, ${USERS}) as n) as s`,
  );
  await t.query(sql`
    insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_end, cancel_at_period_end)
    select id, 'sandbox', 'sub_bench_' || id, (array['active', 'active', 'active', 'canceled', 'past_due'])[1 + id % 5],
      now() + ((id % 40) - 10) * interval '1 day', id % 5 = 3
    from users where id % 8 = 0`);
  await t.query(sql`analyze users`);
  await t.query(sql`analyze subscriptions`);
}

async function explain(t: TestApp, query: SQLWrapper | SQL): Promise<{ usesCreatedAtIndex: boolean; plan: string }> {
  const rows = await t.query<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  return { usesCreatedAtIndex: plan.includes('users_created_at_idx'), plan };
}

async function measure(): Promise<Figures> {
  const t = await startTestApp();
  try {
    const seedStarted = performance.now();
    await seed(t);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const admin = t.client();
    if ((await admin.post('/api/admin/verify', { password: TEST_ADMIN_PASSWORD })).status !== 200) throw new Error('admin verify failed');
    const headers = cookieHeader(admin);
    const callAnalytics = async () => {
      const started = performance.now();
      const response = await fetch(`${t.url}/api/admin/analytics`, { headers });
      const body = (await response.json()) as { totalUsers: number };
      if (!response.ok || body.totalUsers !== USERS) throw new Error(`analytics: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < WARM_UP_CALLS; i++) await callAnalytics();
    const timings: number[] = [];
    for (let i = 0; i < TIMED_CALLS; i++) timings.push(await callAnalytics());

    const exportTimes: number[] = [];
    let exportBytes = 0;
    for (let i = 0; i < EXPORTS; i++) {
      const started = performance.now();
      const response = await fetch(`${t.url}/api/admin/users.csv`, { headers });
      const bytes = await response.arrayBuffer();
      exportTimes.push(performance.now() - started);
      exportBytes = bytes.byteLength;
      if (!response.ok) throw new Error(`export: ${response.status}`);
    }

    const now = new Date();
    const [lastOfFirstPage] = await t.query<{ created_at: string; id: number }>(
      sql`select created_at::text as created_at, id from users order by created_at desc, id desc offset 999 limit 1`,
    );
    const plans = {
      'user counts': await explain(t, userCountsQuery(now, 'sandbox')),
      'sign-ups by day': await explain(t, signupsByDayQuery(now)),
      'recent users': await explain(t, recentUsersQuery(t.db, now, 'sandbox')),
      'export, first page': await explain(t, usersCsvPageQuery(t.db, now, 'sandbox', undefined)),
      'export, later page': await explain(t, usersCsvPageQuery(t.db, now, 'sandbox', { createdAtText: lastOfFirstPage!.created_at, id: lastOfFirstPage!.id })),
    };
    return {
      database: testDatabaseKind,
      seedSeconds,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      max: Math.max(...timings),
      exportMs: percentile(exportTimes, 50),
      exportBytes,
      plans,
    };
  } finally {
    await t.close();
  }
}

if (process.argv.includes('--child')) {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
} else {
  const databases = (process.env.BENCH_ADMIN_DATABASES ?? 'pglite,postgres').split(',');
  const results: Figures[] = [];
  for (const database of databases) {
    console.log(`Seeding ${USERS.toLocaleString('en-US')} users into ${database} and timing ${TIMED_CALLS} analytics calls…`);
    const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
      env: { ...process.env, TEST_DATABASE: database },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    results.push(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Figures);
  }

  console.log(`\nGET /api/admin/analytics at ${USERS.toLocaleString('en-US')} users (sequential calls over HTTP, ms), and the full CSV export`);
  printTable(
    ['database', 'seed (s)', 'p50 ms', 'p95 ms', 'max ms', 'CSV export ms', 'CSV size'],
    results.map((r) => [r.database, r.seedSeconds.toFixed(1), r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), r.exportMs.toFixed(0), kb(r.exportBytes)]),
  );
  console.log('\nDoes the plan read users_created_at_idx?');
  const queries = Object.keys(results[0]?.plans ?? {});
  printTable(
    ['query', ...results.map((r) => r.database)],
    queries.map((query) => [query, ...results.map((r) => (r.plans[query]?.usesCreatedAtIndex ? 'yes' : 'no'))]),
  );
  for (const r of results) {
    console.log(`\nPlans on ${r.database}:`);
    for (const [query, { plan }] of Object.entries(r.plans)) console.log(`-- ${query}\n${plan}`);
  }
}
