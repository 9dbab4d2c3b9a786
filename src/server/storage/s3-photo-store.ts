// Photo store in an S3 bucket or any S3-compatible service (S3_ENDPOINT). A PUT is durable when
// S3 answers 200, so put() has the same meaning as the local folder's.
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { DEFAULT_LIST_PAGE_SIZE, type PhotoStore } from './photo-store.js';
import { classifyStoreError } from './storage-unavailable.js';

export function createS3PhotoStore(config: S3Config, client: S3Client = new S3Client(toClientConfig(config))): PhotoStore {
  const Bucket = config.bucket;
  return {
    async put(key, bytes, contentType) {
      // S3 writes an object whole or not at all; a bucket that is away is a 503 for the caller.
      await client
        .send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }))
        .catch((error: unknown) => {
          throw classifyStoreError(error);
        });
    },
    async get(key, options) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = response.Body;
        if (!body) return null;
        const size = response.ContentLength;
        if (options?.allocate && size !== undefined && Symbol.asyncIterator in body) {
          const buffer = options.allocate(size);
          let read = 0;
          for await (const chunk of body as AsyncIterable<Uint8Array>) {
            if (read + chunk.byteLength > size) throw new Error(`S3 sent more than the ${size} bytes of ${key} it announced`);
            buffer.set(chunk, read);
            read += chunk.byteLength;
          }
          if (read !== size) throw new Error(`S3 sent ${read} of the ${size} bytes of ${key}`);
          return buffer.subarray(0, read);
        }
        const bytes = await body.transformToByteArray();
        // A view, not a copy.
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async checkReachable() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async *list(prefix, { pageSize = DEFAULT_LIST_PAGE_SIZE } = {}) {
      // One ListObjectsV2 request per page; its continuation token is where the next one starts.
      let ContinuationToken: string | undefined;
      do {
        const response = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: pageSize, ContinuationToken }));
        const page = (response.Contents ?? []).flatMap((object) => (object.Key ? [{ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) }] : []));
        if (page.length > 0) yield page;
        ContinuationToken = response.IsTruncated ? response.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function toClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    // Custom endpoints (MinIO, R2, Ceph…) mostly want path-style bucket addressing.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  };
}

function isMissingKey(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // A missing bucket is a 404 too, but it is a broken configuration, not a missing photo.
  if (error.name === 'NoSuchBucket') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}
