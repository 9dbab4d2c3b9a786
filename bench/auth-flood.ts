// npm run bench:auth-flood: a real user's sign-in while 60 bogus sign-ins (random
// emails) run at once without pause, against the real server process. Two floods: from one
// address, and from 60 addresses (the server sits behind a trusted proxy on loopback and each
// request says its address in X-Forwarded-For). Prints the real sign-in's p50 and p99 and how the
// flood was answered; then again from 60 addresses for browsers that have signed in to their account
// before (they carry its device cookie). BASELINE_DIR=<another checkout with node_modules> runs that checkout's server
// the same way, side by side, for a before/after in one run.
//   npm run bench:auth-flood
//   BASELINE_DIR=/path/to/old/checkout npm run bench:auth-flood
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/server/hardening/faults/server-process.js';
import { printTable } from './bench-support.js';

const FLOOD = 60;
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const PASSWORD = 'real user password';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) % 256}.${addressCounter % 256}`;
};

async function post(url: string, body: unknown, address: string, cookie?: string): Promise<{ status: number; ms: number; setCookies: string[] }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, setCookies: response.headers.getSetCookie() };
}

/** The device cookie a sign-in left (none from a server without them). */
const deviceCookieOf = (setCookies: string[]) => setCookies.find((line) => line.startsWith('cp_device='))?.split(';')[0];

interface Measured {
  label: string;
  real: { ms: number[]; statuses: Map<number, number> };
  flood: Map<number, number>;
}

/** Sign-ins by real users (one account and address each) for SECONDS, with or without a flood. */
async function measure(
  label: string,
  baseUrl: string,
  accounts: string[],
  flood: 'none' | 'one address' | '60 addresses',
  deviceCookies: Map<string, string> = new Map(),
): Promise<Measured> {
  const until = Date.now() + SECONDS * 1000;
  const floodStatuses = new Map<number, number>();
  const floodAddress = nextAddress();
  const floodLoops =
    flood === 'none'
      ? []
      : Array.from({ length: FLOOD }, async () => {
          const address = flood === 'one address' ? floodAddress : nextAddress();
          while (Date.now() < until) {
            const { status } = await post(
              `${baseUrl}/api/login`,
              { email: `bogus-${Math.random().toString(36).slice(2)}@example.com`, password: 'bogus password' },
              address,
            ).catch(() => ({ status: 0 }));
            floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
            // A refusal comes back at once; a real attacker's loop would spin just as fast.
          }
        });
  const real = { ms: [] as number[], statuses: new Map<number, number>() };
  const realLoop = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 500)); // the flood is running
    let next = 0;
    while (Date.now() < until && next < accounts.length) {
      const email = accounts[next++]!;
      const { status, ms } = await post(`${baseUrl}/api/login`, { email, password: PASSWORD }, nextAddress(), deviceCookies.get(email));
      real.ms.push(ms);
      real.statuses.set(status, (real.statuses.get(status) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all([realLoop, ...floodLoops]);
  return { label, real, flood: floodStatuses };
}

/** Each account signs in once from its browser before the flood: the device cookie it is given. */
async function signInOnce(baseUrl: string, accounts: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (const email of accounts) {
    const { status, setCookies } = await post(`${baseUrl}/api/login`, { email, password: PASSWORD }, nextAddress());
    if (status !== 200) throw new Error(`first sign-in: ${status}`);
    const cookie = deviceCookieOf(setCookies);
    if (cookie) cookies.set(email, cookie);
  }
  return cookies;
}

async function runAgainst(name: string, root: string | undefined): Promise<Measured[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-flood-'));
  const server = await startServer({ dataDir, root, env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    // One account per real sign-in: a server's per-account limits must not be what is measured.
    const accounts: string[] = [];
    for (let i = 0; i < 4 * 120; i++) {
      const email = `real-${i}@flood.example.com`;
      const registered = await post(
        `${server.url}/api/register`,
        { email, password: PASSWORD, confirmPassword: PASSWORD, businessName: 'Real Cleaning' },
        nextAddress(),
      );
      if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
      accounts.push(email);
    }
    return [
      await measure(`${name}, no flood`, server.url, accounts.slice(0, 120), 'none'),
      await measure(`${name}, flood from one address`, server.url, accounts.slice(120, 240), 'one address'),
      await measure(`${name}, flood from 60 addresses`, server.url, accounts.slice(240, 360), '60 addresses'),
      await measure(
        `${name}, flood from 60 addresses, known devices`,
        server.url,
        accounts.slice(360),
        '60 addresses',
        await signInOnce(server.url, accounts.slice(360)),
      ),
    ];
  } finally {
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'neterr' : status}:${n}`)
    .join(' ');

async function main(): Promise<void> {
  const results = [
    ...(process.env.BASELINE_DIR ? await runAgainst('before (BASELINE_DIR)', process.env.BASELINE_DIR) : []),
    ...(await runAgainst('this checkout', undefined)),
  ];
  console.log(`\nA real user's sign-in while ${FLOOD} bogus sign-ins run at once, ${SECONDS} s each (${os.availableParallelism()} cores; times in ms)\n`);
  printTable(
    ['server and flood', 'real sign-ins', 'p50', 'p99', 'real statuses', 'flood answers'],
    results.map((r) => [
      r.label,
      r.real.ms.length,
      percentile(r.real.ms, 50).toFixed(0),
      percentile(r.real.ms, 99).toFixed(0),
      statusText(r.real.statuses),
      statusText(r.flood),
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
