// A private, throwaway PostgreSQL cluster for the fault tests: its own data folder, its own port,
// its socket in /tmp. The tests stop and start this one; the shared server on :5432 is never touched.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/DB */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The server binaries: PG_BIN, else the newest /usr/lib/postgresql/N/bin (Debian), else pg_config. */
async function findBinaries(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debianRoot = '/usr/lib/postgresql';
  if (fs.existsSync(debianRoot)) {
    const versions = fs
      .readdirSync(debianRoot)
      .filter((v) => fs.existsSync(path.join(debianRoot, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debianRoot, versions[0], 'bin');
  }
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install postgresql or set PG_BIN');
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: then the cluster belongs to the 'postgres' system user. */
async function asClusterOwner(dir: string): Promise<(bin: string, args: string[]) => Promise<void>> {
  if (process.getuid?.() !== 0) return async (bin, args) => void (await run(bin, args));
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await fsp.chown(dir, Number(stdout.trim()), Number(gid.trim()));
  return async (bin, args) => void (await run('runuser', ['-u', 'postgres', '--', bin, ...args]));
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await findBinaries();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cleanproof-pg-'));
  await fsp.chmod(dir, 0o700);
  const exec = await asClusterOwner(dir);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await exec(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const pgCtl = path.join(bin, 'pg_ctl');
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => exec(pgCtl, ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stop = () => exec(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      await exec(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined);
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}
