import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createLocalFolderStore } from './local-folder-store.js';
import type { PhotoStore } from './photo-store.js';

/** The configured photo store: DATA_DIR/photos by default. (S3 support: issue 3.) */
export function createPhotoStore(config: AppConfig): PhotoStore {
  return createLocalFolderStore(path.join(config.dataDir, 'photos'));
}
