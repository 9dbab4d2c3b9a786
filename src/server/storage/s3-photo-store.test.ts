// The S3 photo store against a real S3 API server (s3rver in its own process), through the AWS SDK.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../config.js';
import { startS3Server, type S3TestServer } from '../test-support/s3-server.js';
import { itBehavesLikeAPhotoStore } from '../test-support/photo-store-behaviour.js';
import { createS3PhotoStore } from './s3-photo-store.js';

let server: S3TestServer;
let config: S3Config;
beforeAll(async () => {
  server = await startS3Server();
  config = loadConfig({ NODE_ENV: 'test', ...server.env }).s3!;
});
afterAll(async () => {
  await server?.stop();
});

let buckets = 0;
/** A store on a new, empty bucket of the one server. */
async function openStore() {
  const bucket = `store-test-${++buckets}`;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return createS3PhotoStore({ ...config, bucket });
}

describe('S3 photo store', () => {
  itBehavesLikeAPhotoStore(openStore);

  it('reports a missing bucket as an error, not as a missing photo', async () => {
    const store = createS3PhotoStore({ ...config, bucket: 'no-such-bucket' });
    await expect(store.get('projects/1/a.jpg')).rejects.toThrow(/bucket/i);
  });
});
