// npm run bench:auth-flood: a real user's sign-in while 60 bogus sign-ins (random
// emails) run at once without pause, against the real server process. Two floods: from one
// address, and from 60 addresses (the server sits behind a trusted proxy on loopback and each
// request says its address in X-Forwarded-For). Prints the real sign-in's p50 and p99 and how the
// flood was answered; then again from 60 addresses for browsers that have signed in to their account
// before (they carry its device cookie). BASELINE_DIR=<another checkout with node_modules> runs that
// checkout's server the same way, side by side, for a before/after in one run: each scenario on both
// servers in turn, then the ratios. The flood runs in a process of its own (this file, forked): the
// real user's times are not held up by the attacker's loop sharing their event loop (on this machine
// it still shares the CPU, as it would not in life). The machine's load average is printed with them.
//   npm run bench:auth-flood
//   BASELINE_DIR=/path/to/old/checkout npm run bench:auth-flood
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

interface FloodOrders {
  baseUrl: string;
  /** One address per loop, repeated for a flood from one address. */
  addresses: string[];
  seconds: number;
}

/** The attacker (in its own process): a loop per address of bogus sign-ins without pause for `seconds`; returns the statuses counted. */
async function flood({ baseUrl, addresses, seconds }: FloodOrders, started: () => void): Promise<Map<number, number>> {
  const until = Date.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  const loops = addresses.map(async (address) => {
    while (Date.now() < until) {
      const { status } = await post(
        `${baseUrl}/api/login`,
        { email: `bogus-${Math.random().toString(36).slice(2)}@example.com`, password: 'bogus password' },
        address,
      ).catch(() => ({ status: 0 }));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // A refusal comes back at once; a real attacker's loop would spin just as fast.
    }
  });
  started();
  await Promise.all(loops);
  return statuses;
}

/** Starts the flood in a process of its own; resolves once it runs, with its answers to come when it has run its time. */
function floodInOwnProcess(orders: FloodOrders): Promise<{ answers: Promise<Map<number, number>> }> {
  const attacker = fork(fileURLToPath(import.meta.url), { env: { ...process.env, FLOOD_ORDERS: JSON.stringify(orders) } });
  return new Promise((resolveStarted, reject) => {
    const answers = new Promise<Map<number, number>>((resolve) => {
      attacker.on('message', (message: 'started' | [number, number][]) => {
        if (message === 'started') resolveStarted({ answers });
        else resolve(new Map(message));
      });
    });
    attacker.once('error', reject);
  });
}

/** Sign-ins by real users (one account and address each) for SECONDS, with or without a flood. */
async function measure(
  label: string,
  baseUrl: string,
  accounts: string[],
  floodFrom: 'none' | 'one address' | '60 addresses',
  deviceCookies: Map<string, string> = new Map(),
): Promise<Measured> {
  const floodAddress = nextAddress();
  const addresses = Array.from({ length: FLOOD }, () => (floodFrom === 'one address' ? floodAddress : nextAddress()));
  const flooding = floodFrom === 'none' ? undefined : await floodInOwnProcess({ baseUrl, addresses, seconds: SECONDS });
  const until = Date.now() + SECONDS * 1000;
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
  const [, floodStatuses] = await Promise.all([realLoop, flooding?.answers ?? new Map<number, number>()]);
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

interface ServerUnderTest {
  name: string;
  url: string;
  /** Accounts registered for each scenario: one per real sign-in, so no per-account limit is what is measured. */
  accounts: (scenario: number) => string[];
  stop(): Promise<void>;
}

const SCENARIOS = [
  { flood: 'none', label: 'no flood' },
  { flood: 'one address', label: 'flood from one address' },
  { flood: '60 addresses', label: 'flood from 60 addresses' },
  { flood: '60 addresses', label: 'flood from 60 addresses, known devices', knownDevices: true },
] as const;
const SIGN_INS_PER_SCENARIO = 120;

async function startServerUnderTest(name: string, root: string | undefined): Promise<ServerUnderTest> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-flood-'));
  const server = await startServer({ dataDir, root, env: { TRUST_PROXY: '127.0.0.1' } });
  const accounts: string[] = [];
  for (let i = 0; i < SCENARIOS.length * SIGN_INS_PER_SCENARIO; i++) {
    const email = `real-${i}@flood.example.com`;
    const registered = await post(
      `${server.url}/api/register`,
      { email, password: PASSWORD, confirmPassword: PASSWORD, businessName: 'Real Cleaning' },
      nextAddress(),
    );
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    accounts.push(email);
  }
  return {
    name,
    url: server.url,
    accounts: (scenario) => accounts.slice(scenario * SIGN_INS_PER_SCENARIO, (scenario + 1) * SIGN_INS_PER_SCENARIO),
    async stop() {
      await server.kill('SIGTERM');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each scenario on each server in turn (baseline, then this checkout), so both see the same moment of a shared machine. */
async function runInterleaved(servers: ServerUnderTest[]): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const [i, scenario] of SCENARIOS.entries()) {
    for (const server of servers) {
      const accounts = server.accounts(i);
      const cookies = 'knownDevices' in scenario ? await signInOnce(server.url, accounts) : undefined;
      results.push(await measure(`${server.name}, ${scenario.label}`, server.url, accounts, scenario.flood, cookies));
    }
  }
  return results;
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'neterr' : status}:${n}`)
    .join(' ');

async function main(): Promise<void> {
  const servers = [
    ...(process.env.BASELINE_DIR ? [await startServerUnderTest('before (BASELINE_DIR)', process.env.BASELINE_DIR)] : []),
    await startServerUnderTest('this checkout', undefined),
  ];
  const loadAtStart = os.loadavg()[0]!;
  let results: Measured[];
  try {
    results = await runInterleaved(servers);
  } finally {
    for (const server of servers) await server.stop();
  }
  console.log(
    `\nA real user's sign-in while ${FLOOD} bogus sign-ins run at once, ${SECONDS} s each (${os.availableParallelism()} cores, ` +
      `load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end; times in ms)\n`,
  );
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
  if (servers.length === 2) {
    console.log('\nthis checkout / baseline, same run:');
    for (let i = 0; i < results.length; i += 2) {
      const [before, after] = [results[i]!, results[i + 1]!];
      const ratio = (p: number) => (percentile(after.real.ms, p) / percentile(before.real.ms, p)).toFixed(2);
      console.log(`  ${SCENARIOS[i / 2]!.label}: p50 x${ratio(50)}, p99 x${ratio(99)}`);
    }
  }
}

if (process.env.FLOOD_ORDERS)
  void flood(JSON.parse(process.env.FLOOD_ORDERS) as FloodOrders, () => process.send?.('started')).then((statuses) =>
    process.send?.([...statuses], () => process.exit(0)),
  );
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
