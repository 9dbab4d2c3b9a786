// The backup archive's table of contents (manifest.json, written last): what the database dump
// is, and every photo-store file with its SHA-256, which a restore checks before writing a file.
import { z } from 'zod';

export const BACKUP_FORMAT = 'cleanproof-backup';
export const MANIFEST_ENTRY = 'manifest.json';
/** Photo-store files sit in the archive under this folder, at their store key. */
export const STORE_FOLDER = 'store/';

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The archive entry holding it: PGlite's data folder as a gzipped tarball, or pg_dump's custom format. */
    entry: z.string(),
  }),
  files: z.array(z.object({ key: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() })),
  /** Keys the database points at that the store did not have when the backup ran. */
  missing: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** A problem the person running a backup or restore can act on; the CLI prints its message alone. */
export class BackupError extends Error {}
