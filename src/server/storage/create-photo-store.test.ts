import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startS3Server, type S3TestServer } from '../test-support/s3-server.js';
import { listPages } from '../test-support/photo-store-behaviour.js';
import { createPhotoStore } from './create-photo-store.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-store-select-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe('createPhotoStore', () => {
  it('keeps photos in DATA_DIR/photos when no S3 bucket is configured', async () => {
    const store = createPhotoStore(loadConfig({ DATA_DIR: dataDir }));
    await store.put('projects/1/a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(await fs.readFile(path.join(dataDir, 'photos', 'projects', '1', 'a.jpg'), 'utf8')).toBe('jpeg');
  });

  it('keeps photos in the S3 bucket the S3_* variables name, and writes nothing locally', async () => {
    const store = createPhotoStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    await store.put('projects/1/a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect((await store.get('projects/1/a.jpg'))?.toString()).toBe('jpeg');
    expect(await store.get('projects/1/missing.jpg')).toBeNull();
    expect((await listPages(store, 'projects/')).flat().map((file) => file.key)).toEqual(['projects/1/a.jpg']);
    await store.delete('projects/1/a.jpg');
    expect(await store.get('projects/1/a.jpg')).toBeNull();
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
