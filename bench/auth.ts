// Accounts over real HTTP on the test harness's database (PGlite; TEST_DATABASE=postgres
// for PostgreSQL): the cost of one Argon2id hash at OWASP's parameters, sign-in latency alone and
// with 8 at once, the session lookup behind every signed-in request, and forgot-password answer
// times for a known and an unknown email (they should match: the answer must not tell them apart).
//   npm run bench:auth
import { hashPassword } from '../src/server/auth/passwords.js';
import { startTestApp, testDatabaseKind } from '../src/server/test-support/test-app.js';
import { registerUser, uniqueEmail } from '../src/server/test-support/test-client.js';
import { median, printTable, runPool } from './bench-support.js';

const HASHES = 10;
const LOGIN_USERS = 24;
const USER_LOOKUPS = 400;
const FORGOT_CALLS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function timed<T>(task: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await task();
  return [performance.now() - start, result];
}

const ms = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const t = await startTestApp();
  try {
    const hashTimes: number[] = [];
    for (let i = 0; i < HASHES; i++) hashTimes.push((await timed(() => hashPassword(`bench password ${i}`, 'bench')))[0]);

    // Distinct accounts: the login limit is per address and email.
    const accounts = await runPool(Array.from({ length: LOGIN_USERS }), 2, () => registerUser(t.client()));
    const login = (account: { email: string; password: string }) =>
      timed(async () => {
        const response = await t.client().post('/api/login', { email: account.email, password: account.password });
        if (response.status !== 200) throw new Error(`login ${response.status}`);
      }).then(([elapsed]) => elapsed);
    const serialLogins = await runPool(accounts.slice(0, LOGIN_USERS / 2), 1, login);
    const [parallelWall, parallelLogins] = await timed(() => runPool(accounts.slice(LOGIN_USERS / 2), 8, login));

    const signedIn = t.client();
    await signedIn.post('/api/login', { email: accounts[0]?.email, password: accounts[0]?.password });
    const lookup = () =>
      timed(async () => {
        if ((await signedIn.get('/api/user')).status !== 200) throw new Error('user lookup failed');
      }).then(([elapsed]) => elapsed);
    const serialLookups = await runPool(Array.from({ length: USER_LOOKUPS / 4 }), 1, lookup);
    const [lookupWall, lookups] = await timed(() => runPool(Array.from({ length: USER_LOOKUPS }), 10, lookup));

    // Distinct emails: the forgot-password limit is per address and email.
    const forgot = (email: string) => timed(() => t.client().post('/api/forgot-password', { email })).then(([elapsed]) => elapsed);
    const known = await runPool(accounts.slice(0, FORGOT_CALLS), 1, (account) => forgot(account.email));
    const unknown = await runPool(Array.from({ length: FORGOT_CALLS }), 1, () => forgot(uniqueEmail('nobody')));

    console.log(`\nAccounts on ${testDatabaseKind} (times in ms)\n`);
    printTable(
      ['measure', 'n', 'p50', 'p95', 'max', 'rate'],
      [
        [
          'Argon2id hash (m=19 MiB, t=2, p=1)',
          HASHES,
          ms(median(hashTimes)),
          ms(percentile(hashTimes, 95)),
          ms(Math.max(...hashTimes)),
          `${(1000 / median(hashTimes)).toFixed(1)}/s per core`,
        ],
        ['POST /api/login, one at a time', serialLogins.length, ms(median(serialLogins)), ms(percentile(serialLogins, 95)), ms(Math.max(...serialLogins)), ''],
        [
          'POST /api/login, 8 at once',
          parallelLogins.length,
          ms(median(parallelLogins)),
          ms(percentile(parallelLogins, 95)),
          ms(Math.max(...parallelLogins)),
          `${((parallelLogins.length / parallelWall) * 1000).toFixed(1)} logins/s`,
        ],
        [
          'GET /api/user (session lookup), one at a time',
          serialLookups.length,
          ms(median(serialLookups)),
          ms(percentile(serialLookups, 95)),
          ms(Math.max(...serialLookups)),
          '',
        ],
        [
          'GET /api/user (session lookup), 10 at once',
          lookups.length,
          ms(median(lookups)),
          ms(percentile(lookups, 95)),
          ms(Math.max(...lookups)),
          `${((lookups.length / lookupWall) * 1000).toFixed(0)} req/s`,
        ],
        ['POST /api/forgot-password, known email', known.length, ms(median(known)), ms(percentile(known, 95)), ms(Math.max(...known)), ''],
        ['POST /api/forgot-password, unknown email', unknown.length, ms(median(unknown)), ms(percentile(unknown, 95)), ms(Math.max(...unknown)), ''],
      ],
    );
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
