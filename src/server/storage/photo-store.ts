// Where photo and logo bytes live. Rows in the database point at keys here; bytes never go in the database.
export interface PhotoStore {
  /** Writes the bytes durably; resolves only when they would survive a crash. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key (under `prefix`, a folder such as 'projects/', when given) with its last-modified
   * time, for sweeping files that no row points at.
   */
  list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
