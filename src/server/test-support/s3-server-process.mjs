// An S3 API server for tests and local trials: s3rver (the maintained @20minutes fork), a Koa
// server that speaks the S3 REST API and keeps objects in a folder. It runs in a process of its
// own because of its two work-rounds (docs/decisions/009-s3-test-server.md):
// - It encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17+) only has in
//   its legacy provider: without `--openssl-legacy-provider` every listing longer than one page
//   fails with InternalError. The flag is given to this process only, never to the app.
// - It signs bucket-level requests as `/bucket` where the AWS SDK v3 signs `/bucket/`, so it
//   runs with allowMismatchedSignatures; requests must still be well-formed SigV4 with its key id.
//
//   node --openssl-legacy-provider src/server/test-support/s3-server-process.mjs \
//     --directory ./.s3-data [--bucket photos] [--port 0] [--address 127.0.0.1]
//
// When ready it prints one JSON line (endpoint, bucket, region, keys), or sends it over IPC when a
// parent started it with an IPC channel, and then exits when that parent goes away.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import S3rver from '@20minutes/s3rver';

const { values } = parseArgs({
  options: {
    directory: { type: 'string' },
    bucket: { type: 'string', default: 'photos' },
    port: { type: 'string', default: '0' },
    address: { type: 'string', default: '127.0.0.1' },
  },
});
if (!values.directory) fail('--directory is required (where the objects are kept)');
try {
  crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
} catch {
  fail('run with node --openssl-legacy-provider: s3rver needs DES for ListObjectsV2 paging');
}
fs.mkdirSync(values.directory, { recursive: true });

const server = new S3rver({
  address: values.address,
  port: Number(values.port),
  directory: values.directory,
  silent: true,
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: values.bucket }],
});
const { address, port } = await server.run();
// s3rver's one account (lib/models/account.js).
const ready = { endpoint: `http://${address}:${port}`, bucket: values.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const stop = () => {
  server.close(() => process.exit(0));
  // close() waits for open keep-alive connections; they hold nothing worth waiting for.
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (process.send) {
  process.send(ready);
  process.on('disconnect', stop);
} else {
  console.log(JSON.stringify(ready));
}

function fail(message) {
  console.error(`s3-server-process: ${message}`);
  process.exit(2);
}
