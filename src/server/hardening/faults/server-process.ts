// The real server (src/server/main.ts) as a child process, so a test can SIGKILL it, restart it,
// or run two of them side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './private-postgres.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const FAULTS_ADMIN_PASSWORD = 'faults-admin-password';
export { REPO_ROOT };

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process printed (for failure messages). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** 'built' runs dist/server/main.js (after npm run build), as npm run start:prod does; default: the TypeScript source through tsx. */
  entry?: 'built' | 'source';
  /** More environment (REDIS_URL, S3_*, TRUST_PROXY…), over the defaults below. */
  env?: Record<string, string>;
  /** Another checkout to run (a benchmark's baseline); default: this repository. */
  root?: string;
}

/** The command line that runs the server: the compiled one, or the source through tsx's loader. */
export function serverCommand(entry: ServerOptions['entry']): string[] {
  return entry === 'built' ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverCommand(options.entry), {
    cwd: options.root ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: options.dataDir,
      ADMIN_PASSWORD: FAULTS_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    // /healthz; a checkout from before it existed answers GET /api/login with its redirect.
    const ready =
      (await fetch(`${url}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      )) ||
      (await fetch(`${url}/api/login`, { redirect: 'manual' }).then(
        (r) => r.status === 302,
        () => false,
      ));
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A browser-like session: keeps the cookie and sends the server's Origin. */
export class Session {
  cookie = '';
  constructor(public baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    raw?: { bytes: Buffer; contentType: string },
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown; text: string; headers: Headers }> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (raw) {
      headers['content-type'] = raw.contentType;
      payload = new Uint8Array(raw.bytes);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }
}
