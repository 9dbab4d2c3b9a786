import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createLocalFolderStore } from './local-folder-store.js';
import type { PhotoStore } from './photo-store.js';
import { createS3PhotoStore } from './s3-photo-store.js';

/** The configured photo store: an S3 bucket when S3_BUCKET is set, else DATA_DIR/photos. */
export function createPhotoStore(config: AppConfig): PhotoStore {
  if (config.s3) return createS3PhotoStore(config.s3);
  return createLocalFolderStore(path.join(config.dataDir, 'photos'));
}
