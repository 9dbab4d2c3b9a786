// pg_dump and pg_restore, run with the connection in environment variables (libpq's PG*), so the
// password never shows in the process list.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './manifest.js';

const run = promisify(execFile);

export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '');
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** A tool older than the server cannot read it: say so up front, with both versions. */
export async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', client: pg.ClientBase): Promise<void> {
  let output: string;
  try {
    output = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new BackupError(`${tool} was not found: install the PostgreSQL client tools (the same major version as the server, or newer).`);
  }
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(output)?.[1]);
  const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version");
  const serverMajor = Math.floor(Number(rows[0]?.version) / 10_000);
  if (!(toolMajor >= serverMajor))
    throw new BackupError(
      `${tool} ${toolMajor} is older than the PostgreSQL server (${serverMajor}): install the client tools of version ${serverMajor} or newer.`,
    );
}

export async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  try {
    await run(tool, ['--no-password', ...args], { env: libpqEnvironment(databaseUrl), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${tool} failed: ${stderr || (error as Error).message}`);
  }
}
