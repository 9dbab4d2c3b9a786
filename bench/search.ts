// Search at scale: one account with 10,000 reports and 2,000 clients among 100,000 reports in all,
// then GET /api/projects?q=… and GET /api/clients?q=… over real HTTP against the real app: p50/p95
// per kind of search, and the bytes of the list's first page. PGlite by default;
// TEST_DATABASE=postgres for a fresh PostgreSQL database.
//   npm run bench:search            TEST_DATABASE=postgres npm run bench:search
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { startTestApp, testDatabaseKind } from '../src/server/test-support/test-app.js';
import { registerUser } from '../src/server/test-support/test-client.js';
import { cookieHeader, kb, printTable, signedInClient } from './bench-support.js';

const ACCOUNT_REPORTS = 10_000;
const ACCOUNT_CLIENTS = 2_000;
const TOTAL_REPORTS = 100_000;
const OTHER_ACCOUNTS = 9;
const RUNS_PER_QUERY = 40;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const t = await startTestApp();
try {
  const client = await signedInClient(t);
  const others = [];
  for (let i = 0; i < OTHER_ACCOUNTS; i += 1) {
    const other = t.client();
    await registerUser(other);
    others.push(other);
  }
  const userIds = (await t.query<{ id: number }>(sql`select business_id as id from users order by id`)).map((row) => row.id);
  const mine = userIds[0] ?? 0;
  const theirs = userIds.slice(1);

  const started = performance.now();
  // Names with accents and common words, so searches match a few, many or one.
  const first = sql.raw(
    `array['José','María','Riverside','Harbour','Ñandú','Zoë','Élodie','Björn','Acme','Sunrise','Olive','Cedar','Maple','Quay','Northgate','Bluebell']`,
  );
  const second = sql.raw(`array['Álvarez','Offices','Hotel','Gym','Dental','Clinic','Apartments','Café','School','Bakery','Studio','Lofts','Garage']`);
  const words = sql.raw(
    `array['deep clean','windows','end of tenancy','carpets','kitchen degrease','office weekly','move-out','ventanas y cristalería','oven','after builders']`,
  );
  await t.query(sql`
    insert into clients (business_id, name, email, phone)
    select ${mine}, (${first})[1 + i % 16] || ' ' || (${second})[1 + (i / 16) % 13] || ' ' || i, 'client' || i || '@example.com', '+1 555 ' || lpad(i::text, 4, '0')
    from generate_series(1, ${ACCOUNT_CLIENTS}) as i`);
  const clientIds = (await t.query<{ id: number }>(sql`select id from clients where business_id = ${mine} order by id`)).map((row) => row.id);
  const firstClient = clientIds[0] ?? 0;
  await t.query(sql`
    insert into projects (business_id, client_id, client_name, description, created_at)
    select ${mine}, ${firstClient} + (i % ${ACCOUNT_CLIENTS}), c.name, (${words})[1 + i % 10] || ' #' || i, now() - make_interval(mins => ${ACCOUNT_REPORTS} - i)
    from generate_series(1, ${ACCOUNT_REPORTS}) as i
    join clients c on c.id = ${firstClient} + (i % ${ACCOUNT_CLIENTS})`);
  const otherIds = sql.raw(`array[${theirs.join(',')}]`);
  await t.query(sql`
    insert into projects (business_id, client_name, description)
    select (${otherIds})[1 + i % ${theirs.length}], (${first})[1 + i % 16] || ' ' || (${second})[1 + (i / 7) % 13], (${words})[1 + i % 10]
    from generate_series(1, ${TOTAL_REPORTS - ACCOUNT_REPORTS}) as i`);
  await t.query(sql`analyze`);
  console.log(
    `Seeded ${TOTAL_REPORTS} reports (${ACCOUNT_REPORTS} and ${ACCOUNT_CLIENTS} clients in one account) on ${testDatabaseKind} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const time = async (url: string) => {
    const begun = performance.now();
    const response = await fetch(t.url + url, { headers: cookieHeader(client) });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
    return { ms: performance.now() - begun, body };
  };

  const searches: Array<[string, string]> = [
    ['reports: accent-blind name ("jose")', '/api/projects?limit=30&q=jose'],
    ['reports: a few letters ("riv")', '/api/projects?limit=30&q=riv'],
    ['reports: one report ("#7351")', '/api/projects?limit=30&q=%237351'],
    ['reports: no match ("xylophone")', '/api/projects?limit=30&q=xylophone'],
    ['reports: description ("cristaleria")', '/api/projects?limit=30&q=cristaleria'],
    ['reports: second page of "harbour"', '/api/projects?limit=30&q=harbour&before=9000'],
    ['reports: one client', `/api/projects?limit=30&clientId=${firstClient + 17}`],
    ['reports: first page, no search', '/api/projects?limit=30'],
    ['clients: "nandu"', '/api/clients?limit=30&q=nandu'],
    ['clients: "caf"', '/api/clients?limit=30&q=caf'],
    ['clients: first page', '/api/clients?limit=30'],
  ];
  if (process.env.SEARCH_EXPLAIN) {
    // The plans behind the figures: the trigram index, or the owner's id index read backwards.
    for (const where of [
      sql`search_text(client_name || ' ' || description) like search_text('%jose%')`,
      sql`search_text(client_name || ' ' || description) like search_text('%harbour%') and id < 9000`,
      sql`true`,
    ]) {
      const plan = await t.query<{ 'QUERY PLAN': string }>(
        sql`explain analyze select id from projects where business_id = ${mine} and ${where} order by id desc limit 30`,
      );
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
  for (const [, url] of searches) await time(url); // warm-up
  const rows: Array<Array<string | number>> = [];
  const all: number[] = [];
  for (const [label, url] of searches) {
    const runs: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS_PER_QUERY; i += 1) {
      const { ms, body } = await time(url);
      runs.push(ms);
      found = (JSON.parse(body) as unknown[]).length;
    }
    all.push(...runs);
    rows.push([label, found, percentile(runs, 50).toFixed(1), percentile(runs, 95).toFixed(1)]);
  }
  printTable(['search', 'results', 'p50 ms', 'p95 ms'], rows);
  console.log(`All searches: p95 ${percentile(all, 95).toFixed(1)} ms (budget 50 ms)`);

  const firstPage = (await time('/api/projects?limit=30')).body;
  console.log(`First page of the list: ${kb(Buffer.byteLength(firstPage))} JSON, ${kb(gzipSync(firstPage).byteLength)} gzip (budget 15 KB)`);
} finally {
  await t.close();
}
