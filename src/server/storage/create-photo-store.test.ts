import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPhotoStore } from './create-photo-store.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-store-select-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createPhotoStore', () => {
  it('keeps photos in DATA_DIR/photos when no S3 bucket is configured', async () => {
    const store = createPhotoStore(loadConfig({ DATA_DIR: dataDir }));
    await store.put('projects/1/a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(await fs.readFile(path.join(dataDir, 'photos', 'projects', '1', 'a.jpg'), 'utf8')).toBe('jpeg');
  });

  it('sends photos to the S3 endpoint when S3_BUCKET is set, and writes nothing locally', async () => {
    const port = await closedPort();
    const store = createPhotoStore(
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }),
    );
    // Nothing listens there: the S3 client's connection is refused, proving where the bytes were going.
    await expect(store.put('projects/1/a.jpg', Buffer.from('jpeg'), 'image/jpeg')).rejects.toThrow(/ECONNREFUSED|connect/);
    expect(await fs.readdir(dataDir)).toEqual([]);
  }, 30_000);
});
