// A real S3 API server for tests (s3rver, run by s3-server-process.mjs in a process of its own),
// on a free loopback port with one empty bucket and a folder of its own that stop() removes.
// `env` holds the S3_* variables that point loadConfig() (or a server process) at it.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_SCRIPT = fileURLToPath(new URL('./s3-server-process.mjs', import.meta.url));

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY. */
  env: Record<string, string>;
  /** Stops the server and removes its objects. */
  stop(): Promise<void>;
}

type ReadyMessage = Pick<S3TestServer, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>;

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-s3-'));
  // fork(): an IPC channel, so the server exits by itself if this process dies without stop().
  const child = fork(SERVER_SCRIPT, ['--directory', directory, '--bucket', options.bucket ?? 'photos'], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ready: ReadyMessage;
  try {
    ready = await new Promise<ReadyMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ReadyMessage));
      child.once('exit', (code) => reject(new Error(`S3 test server exited with ${code} before it was ready`)));
      child.once('error', reject);
    });
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  // The channel stays open (its closing stops the server) without keeping this process alive.
  child.channel?.unref();

  return {
    ...ready,
    env: {
      S3_BUCKET: ready.bucket,
      S3_ENDPOINT: ready.endpoint,
      S3_REGION: ready.region,
      S3_ACCESS_KEY_ID: ready.accessKeyId,
      S3_SECRET_ACCESS_KEY: ready.secretAccessKey,
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
