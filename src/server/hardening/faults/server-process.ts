// The real server (src/server/main.ts) as a child process, so a test can SIGKILL it, restart it,
// or run two of them side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './private-postgres.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const FAULTS_ADMIN_PASSWORD = 'faults-admin-password';

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
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
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
    const ready = await fetch(`${url}/api/login`, { redirect: 'manual' }).then((r) => r.status === 302, () => false);
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

  async request(method: string, path: string, body?: unknown, raw?: { bytes: Buffer; contentType: string }): Promise<{ status: number; json: unknown; text: string }> {
    const headers: Record<string, string> = { origin: this.baseUrl };
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
    return { status: response.status, json, text };
  }
}
