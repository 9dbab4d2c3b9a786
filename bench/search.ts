// Search at scale: one business with 10,000 reports and 2,000 clients among 100,000 reports in all
// (ten businesses whose reports interleave in time, as a year of real use would), then
// GET /api/projects?q=… and GET /api/clients?q=… over real HTTP against the real app: p50/p95 per
// kind of search, as the owner and as a cleaner who sees 500 of the reports. Then the bytes of the
// list's first page at 3,000 reports as a browser gets it (Accept-Encoding: br, gzip).
// PGlite by default; TEST_DATABASE=postgres for fresh PostgreSQL databases.
//   npm run bench:search            TEST_DATABASE=postgres npm run bench:search
// Side by side with another checkout (its own migrations and queries, the same seed), the requests
// alternating between the two so both see the same noise, and each search's results compared:
//   git worktree add /tmp/cleanproof-prev <previous main> && cp -al node_modules /tmp/cleanproof-prev/
//   BASELINE_DIR=/tmp/cleanproof-prev npm run bench:search
// SEARCH_EXPLAIN=1 prints this checkout's plan for each search. SEARCH_ANALYZE=0 skips ANALYZE
// after seeding (PGlite has no autovacuum, so an embedded database may never have been analyzed).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { ListQuerySchema } from '../src/shared/contract/list-query.js';
import { ProjectListQuerySchema } from '../src/shared/contract/projects.js';
import { selectClientList } from '../src/server/clients/clients.service.js';
import { selectProjectList } from '../src/server/projects/projects.service.js';
import { startTestApp, testDatabaseKind, type TestApp } from '../src/server/test-support/test-app.js';
import { registerUser, type TestClient } from '../src/server/test-support/test-client.js';
import { invite, join } from '../src/server/test-support/crew-helpers.js';
import { cookieHeader, kb, printTable, signedInClient } from './bench-support.js';

const ACCOUNT_REPORTS = 10_000;
const ACCOUNT_CLIENTS = 2_000;
const TOTAL_REPORTS = 100_000;
const OTHER_BUSINESSES = 9;
const OTHER_CLIENTS_EACH = 200;
const CLEANER_SHARE = 20; // the cleaner is assigned one report in 20: 500
const BYTES_REPORTS = 3_000;
const RUNS_PER_QUERY = Number(process.env.SEARCH_RUNS ?? 60);
const shouldAnalyze = process.env.SEARCH_ANALYZE !== '0';
const BASELINE_DIR = process.env.BASELINE_DIR;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

interface Search {
  label: string;
  as: 'owner' | 'cleaner';
  url: string;
}

/** One app under test, seeded: its owner's and cleaner's sessions and the ids the searches name. */
interface Subject {
  name: string;
  t: TestApp;
  owner: TestClient;
  cleaner: TestClient;
  ownerId: number;
  cleanerId: number;
  businessId: number;
  searches: Search[];
}

/** The seed, the same SQL for every subject: names with accents and common words, so searches match a few, many or one. */
async function seed(name: string, t: TestApp): Promise<Subject> {
  const owner = await signedInClient(t);
  const cleaner = (await join(t, await invite(owner, 'cleaner', 'Ana'), { name: 'Ana' })).client;
  for (let i = 0; i < OTHER_BUSINESSES; i += 1) await registerUser(t.client());
  const [me] = await t.query<{ id: number; business: number }>(sql`select id, business_id as business from users where role = 'owner' order by id limit 1`);
  const [ana] = await t.query<{ id: number }>(sql`select id from users where role = 'cleaner'`);
  const mine = me?.business ?? 0;
  const theirs = (await t.query<{ id: number }>(sql`select id from businesses where id <> ${mine} order by id`)).map((row) => row.id);

  const started = performance.now();
  const first = sql.raw(
    `array['José','María','Riverside','Harbour','Ñandú','Zoë','Élodie','Björn','Acme','Sunrise','Olive','Cedar','Maple','Quay','Northgate','Bluebell']`,
  );
  const second = sql.raw(`array['Álvarez','Offices','Hotel','Gym','Dental','Clinic','Apartments','Café','School','Bakery','Studio','Lofts','Garage']`);
  const words = sql.raw(
    `array['deep clean','windows','end of tenancy','carpets','kitchen degrease','office weekly','move-out','ventanas y cristalería','oven','after builders']`,
  );
  // The other businesses share the names but also use words this one never does ("gutters", "pizzeria").
  const theirWords = sql.raw(`array['gutters','pizzeria deep clean','windows','pressure washing','carpets','office weekly','gutters and fascias']`);
  await t.query(sql`
    insert into clients (business_id, name, email, phone)
    select ${mine}, (${first})[1 + i % 16] || ' ' || (${second})[1 + (i / 16) % 13] || ' ' || i, 'client' || i || '@example.com', '+1 555 ' || lpad(i::text, 4, '0')
    from generate_series(1, ${ACCOUNT_CLIENTS}) as i`);
  const otherIds = sql.raw(`array[${theirs.join(',')}]`);
  await t.query(sql`
    insert into clients (business_id, name)
    select (${otherIds})[1 + i % ${theirs.length}], (${first})[1 + i % 16] || ' ' || (${second})[1 + (i / 7) % 13] || ' ' || i
    from generate_series(1, ${OTHER_CLIENTS_EACH * OTHER_BUSINESSES}) as i`);
  const clientIds = (await t.query<{ id: number }>(sql`select id from clients where business_id = ${mine} order by id`)).map((row) => row.id);
  const firstClient = clientIds[0] ?? 0;
  // One report in ten is this business's, so its reports spread over the whole table in time and id.
  await t.query(sql`
    insert into projects (business_id, created_by, assignee_id, client_id, client_name, description, created_at)
    select case when ours then ${mine} else (${otherIds})[1 + i % ${theirs.length}] end,
      case when ours then ${me?.id ?? null}::integer end,
      case when ours and (i / 10) % ${CLEANER_SHARE} = 0 then ${ana?.id ?? null}::integer end,
      c.id,
      case when ours then c.name else (${first})[1 + i % 16] || ' ' || (${second})[1 + (i / 7) % 13] end,
      case when ours then (${words})[1 + (i / 10) % 10] || ' #' || (i / 10) else (${theirWords})[1 + i % 7] end,
      now() - make_interval(mins => ${TOTAL_REPORTS} - i)
    from generate_series(1, ${TOTAL_REPORTS}) as i
    cross join lateral (select i % 10 = 0 as ours) as o
    left join clients c on ours and c.id = ${firstClient} + ((i / 10) % ${ACCOUNT_CLIENTS})
    order by i`);
  if (shouldAnalyze) await t.query(sql`analyze`);
  console.log(
    `${name}: seeded ${TOTAL_REPORTS} reports (${ACCOUNT_REPORTS} and ${ACCOUNT_CLIENTS} clients in one business, interleaved with ${OTHER_BUSINESSES} others) on ${testDatabaseKind} in ${((performance.now() - started) / 1000).toFixed(1)} s${shouldAnalyze ? '' : ', not analyzed'}`,
  );

  const [middle] = await t.query<{ id: number }>(sql`select id from projects where business_id = ${mine} order by id offset ${ACCOUNT_REPORTS / 2} limit 1`);
  const [oldest] = await t.query<{ id: number }>(sql`select id from projects where business_id = ${mine} order by id offset 100 limit 1`);
  const [servedClient] = await t.query<{ id: number }>(sql`select id from clients where business_id = ${mine} order by id offset 500 limit 1`);
  const searches: Search[] = [
    { label: 'reports: first page, no search', as: 'owner', url: '/api/projects?limit=30' },
    { label: 'reports: accent-blind name ("jose")', as: 'owner', url: '/api/projects?limit=30&q=jose' },
    { label: 'reports: a few letters ("riv")', as: 'owner', url: '/api/projects?limit=30&q=riv' },
    { label: 'reports: one letter ("a")', as: 'owner', url: '/api/projects?limit=30&q=a' },
    { label: 'reports: two letters ("ri")', as: 'owner', url: '/api/projects?limit=30&q=ri' },
    { label: 'reports: two letters, none here ("zz")', as: 'owner', url: '/api/projects?limit=30&q=zz' },
    { label: 'reports: common word ("clean")', as: 'owner', url: '/api/projects?limit=30&q=clean' },
    { label: 'reports: others\' word ("gutters")', as: 'owner', url: '/api/projects?limit=30&q=gutters' },
    { label: 'reports: one report ("#7351")', as: 'owner', url: '/api/projects?limit=30&q=%237351' },
    { label: 'reports: no match ("xylophone")', as: 'owner', url: '/api/projects?limit=30&q=xylophone' },
    { label: 'reports: description ("cristaleria")', as: 'owner', url: '/api/projects?limit=30&q=cristaleria' },
    { label: 'reports: middle page of "harbour"', as: 'owner', url: `/api/projects?limit=30&q=harbour&before=${middle?.id}` },
    { label: 'reports: last pages of "clean"', as: 'owner', url: `/api/projects?limit=30&q=clean&before=${oldest?.id}` },
    { label: 'reports: one client', as: 'owner', url: `/api/projects?limit=30&clientId=${firstClient + 17}` },
    { label: 'reports: one client and "oven"', as: 'owner', url: `/api/projects?limit=30&clientId=${firstClient + 18}&q=oven` },
    { label: 'cleaner: first page', as: 'cleaner', url: '/api/projects?limit=30' },
    { label: 'cleaner: "maria"', as: 'cleaner', url: '/api/projects?limit=30&q=maria' },
    { label: 'cleaner: "jose" (only others\' reports)', as: 'cleaner', url: '/api/projects?limit=30&q=jose' },
    { label: 'cleaner: "ri"', as: 'cleaner', url: '/api/projects?limit=30&q=ri' },
    { label: 'clients: first page', as: 'owner', url: '/api/clients?limit=30' },
    { label: 'clients: second page', as: 'owner', url: `/api/clients?limit=30&before=${servedClient?.id}` },
    { label: 'clients: "nandu"', as: 'owner', url: '/api/clients?limit=30&q=nandu' },
    { label: 'clients: "caf"', as: 'owner', url: '/api/clients?limit=30&q=caf' },
    { label: 'clients: one letter ("a")', as: 'owner', url: '/api/clients?limit=30&q=a' },
    { label: 'clients: none ("zz")', as: 'owner', url: '/api/clients?limit=30&q=zz' },
  ];
  return { name, t, owner, cleaner, ownerId: me?.id ?? 0, cleanerId: ana?.id ?? 0, businessId: mine, searches };
}

async function time(subject: Subject, search: Search): Promise<{ ms: number; ids: number[] }> {
  const client = search.as === 'owner' ? subject.owner : subject.cleaner;
  const begun = performance.now();
  const response = await fetch(subject.t.url + search.url, { headers: cookieHeader(client) });
  const body = await response.text();
  if (!response.ok) throw new Error(`${subject.name} ${search.url}: ${response.status} ${body}`);
  return { ms: performance.now() - begun, ids: (JSON.parse(body) as Array<{ id: number }>).map((entry) => entry.id) };
}

/** This checkout's plan for each search: the app's own queries, explained on this database. */
async function printPlans(subject: Subject): Promise<void> {
  for (const search of subject.searches) {
    const [route, params] = search.url.split('?');
    const query = Object.fromEntries(new URLSearchParams(params));
    const viewer =
      search.as === 'owner'
        ? { id: subject.ownerId, businessId: subject.businessId, role: 'owner' as const }
        : { id: subject.cleanerId, businessId: subject.businessId, role: 'cleaner' as const };
    const listed =
      route === '/api/projects'
        ? selectProjectList(subject.t.db, viewer, ProjectListQuerySchema.parse(query))
        : selectClientList(subject.t.db, subject.businessId, ListQuerySchema.parse(query));
    const plan = await subject.t.query<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off) ${listed}`);
    console.log(`\n${search.label}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
}

/**
 * The first page as the web app asks for it (limit=30) from a business of 3,000 reports with
 * varied names and descriptions, as the browser receives it: the bytes on the wire for each
 * encoding the server offers.
 */
async function firstPageBytes(t: TestApp): Promise<string> {
  const client = t.client();
  await registerUser(client);
  const [user] = await t.query<{ business: number; id: number }>(sql`select business_id as business, id from users order by id desc limit 1`);
  await t.query(sql`
    insert into projects (business_id, created_by, client_name, description, created_at)
    select ${user?.business ?? 0}, ${user?.id ?? 0},
      initcap(substr(md5(i::text), 1, 3 + i % 7)) || ' ' || (array['Dental','Lofts','Café','Hotel','Residence','Offices'])[1 + i % 6] || ', ' || (10 + i % 190) || ' ' || initcap(substr(md5((i * 7)::text), 1, 6)) || ' St',
      (array['Deep clean of ','End of tenancy clean, ','Weekly office clean: ','Windows inside and out, ','Carpets shampooed in '])[1 + i % 5] ||
        (array['kitchen and two bathrooms','the ground floor','reception, meeting rooms','all bedrooms','the stairwell and landing'])[1 + (i / 5) % 5] || '. ' || substr(md5((i * 13)::text), 1, 8 + i % 24),
      now() - make_interval(hours => ${BYTES_REPORTS} - i)
    from generate_series(1, ${BYTES_REPORTS}) as i`);
  const sizes: string[] = [];
  for (const encoding of ['br', 'gzip', 'identity', 'gzip, deflate, br, zstd']) {
    const { bytes, contentEncoding } = await rawGet(t.url + '/api/projects?limit=30', { ...cookieHeader(client), 'accept-encoding': encoding });
    sizes.push(`${kb(bytes)} ${contentEncoding ?? 'identity'}${encoding.includes(',') ? ` (as Chromium asks: ${encoding})` : ''}`);
  }
  return sizes.join(', ');
}

/** GET with the given headers, counting the body's bytes as they come over the wire (not decoded). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; contentEncoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ bytes, contentEncoding: response.headers['content-encoding'] })
            : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const apps: TestApp[] = [];
try {
  const subjects: Subject[] = [];
  if (BASELINE_DIR) {
    const baseline = (await import(pathToFileURL(path.resolve(BASELINE_DIR, 'src/server/test-support/test-app.ts')).href)) as {
      startTestApp: typeof startTestApp;
    };
    const t = await baseline.startTestApp();
    apps.push(t);
    subjects.push(await seed('baseline', t));
  }
  const t = await startTestApp();
  apps.push(t);
  subjects.push(await seed(BASELINE_DIR ? 'this checkout' : testDatabaseKind, t));
  const searches = subjects[0]?.searches ?? [];

  for (const subject of subjects) for (const search of subject.searches) await time(subject, search); // warm-up
  // Each search runs on every subject in turn, so a burst of load on the machine hits both alike.
  const runs = subjects.map(() => searches.map((): number[] => []));
  const found: number[] = [];
  const mismatches: string[] = [];
  for (const [index, search] of searches.entries()) {
    for (let i = 0; i < RUNS_PER_QUERY; i += 1) {
      const answers: string[] = [];
      for (const [s, subject] of subjects.entries()) {
        const answer = await time(subject, subject.searches[index] ?? search);
        runs[s]?.[index]?.push(answer.ms);
        answers.push(answer.ids.join(','));
        found[index] = answer.ids.length;
      }
      if (i === 0 && new Set(answers).size > 1) mismatches.push(`${search.label}: ${answers.join(' | ')}`);
    }
  }
  const header = [
    'search',
    'results',
    ...subjects.flatMap((subject) => [`${subject.name} p50`, `${subject.name} p95`]),
    ...(BASELINE_DIR ? ['p95 ratio'] : []),
  ];
  const rows = searches.map((search, index) => {
    const p95s = subjects.map((_, s) => percentile(runs[s]?.[index] ?? [], 95));
    return [
      search.label,
      found[index] ?? 0,
      ...subjects.flatMap((_, s) => [percentile(runs[s]?.[index] ?? [], 50).toFixed(1), percentile(runs[s]?.[index] ?? [], 95).toFixed(1)]),
      ...(BASELINE_DIR ? [((p95s[1] ?? NaN) / (p95s[0] ?? NaN)).toFixed(2)] : []),
    ];
  });
  printTable(header, rows);
  for (const [s, subject] of subjects.entries()) {
    const all = runs[s]?.flat() ?? [];
    const worst = Math.max(...searches.map((_, index) => percentile(runs[s]?.[index] ?? [], 95)));
    console.log(`${subject.name}: all searches p95 ${percentile(all, 95).toFixed(1)} ms, worst search's p95 ${worst.toFixed(1)} ms (budget 50 ms)`);
  }
  if (mismatches.length > 0) console.log(`Different answers:\n${mismatches.join('\n')}`);
  else if (BASELINE_DIR) console.log('Every search answered the same reports and clients on both.');

  for (const subject of subjects)
    console.log(`${subject.name}: first page of the list at ${BYTES_REPORTS} reports: ${await firstPageBytes(subject.t)} (budget 15 KB)`);
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  // Last: a long pause between requests can outlast the server's keep-alive and reset a reused connection.
  const last = subjects.at(-1);
  if (process.env.SEARCH_EXPLAIN && last) await printPlans(last);
} finally {
  for (const app of apps) await app.close();
}
