// The version of a report a client saw: a SHA-256 over its pairs (each photo's sha256, before then
// after, in the order the report shows them), its client name and its description. An approval
// keeps it; when the report changes, the approval is superseded.
import { createHash } from 'node:crypto';
import type { Database } from '../db/client.js';
import type { ProjectRow } from '../db/schema.js';
import { listPairsWithPhotos } from '../photos/photo-pairs.service.js';
import { withChecksums } from '../photos/photo-checksums.js';
import type { PhotoStore } from '../storage/photo-store.js';

export function reportVersionOf(photoSha256s: readonly string[], clientName: string, description: string): string {
  // JSON keeps the parts apart: no client name can pass for the end of a photo list.
  return createHash('sha256')
    .update(JSON.stringify({ photos: photoSha256s, clientName, description }))
    .digest('hex');
}

export async function currentReportVersion(deps: { db: Database; photoStore: PhotoStore }, project: ProjectRow): Promise<string> {
  const pairs = await listPairsWithPhotos(deps.db, project.id);
  const checked = await withChecksums(
    deps,
    pairs.flatMap((pair) => [pair.before, pair.after]),
  );
  return reportVersionOf(
    checked.map((photo) => photo.sha256),
    project.clientName,
    project.description,
  );
}
