// Where photo and logo bytes live. Rows in the database point at keys here; bytes never go in the database.
export interface PhotoStore {
  /** Writes the bytes durably; resolves only when they would survive a crash. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string, options?: ReadOptions): Promise<Buffer | null>;
  /** Removes the key; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key (under `prefix`, a folder such as 'projects/', when given) with its last-modified
   * time, for sweeping files that no row points at. It comes in pages of at most `pageSize`
   * files, each read from the store only when the one before has been consumed, so a store of
   * any size is walked in bounded memory. Deleting keys already listed does not
   * disturb the paging: every key present throughout is listed exactly once, in the store's order.
   */
  list(prefix?: string, options?: { pageSize?: number }): AsyncIterable<StoredFile[]>;
  /** Resolves when the store can be read and written now (for /readyz); rejects with why not. */
  checkReachable(): Promise<void>;
}

export interface ReadOptions {
  /**
   * Where to read the bytes: asked for a buffer of at least `size` bytes once the size is known,
   * and answered a view of it (a reader that reuses its buffers, lib/buffer-pool.ts). A store that
   * cannot know the size first may answer a buffer of its own instead.
   */
  allocate?: (size: number) => Buffer;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** S3's largest ListObjectsV2 page. */
export const DEFAULT_LIST_PAGE_SIZE = 1000;
