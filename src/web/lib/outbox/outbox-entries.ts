// What the outbox keeps: every change made on the phone that the server must still receive.
// Each entry belongs to the user who made it, is sent in the order made, and may point at another
// entry that has not reached the server yet (a photo of a report made offline, a pair of a photo
// still waiting): such a reference is a local id, resolved to the server's id before sending.
import type { PhotoType, SkipReason } from '@shared/contract/projects';

export type PhotoSource = 'camera' | 'upload';
export type DetailsField = 'clientName' | 'description';

/**
 * A report made on the device and not created on the server yet has a negative id: it fits every
 * `projectId: number` (the URL /?project={id}, the query cache, the entries queued against it)
 * and can never be a server's id.
 */
export type LocalProjectId = number;
/**
 * An area of a report made from a template on the device: negative, like the report's own id,
 * until the server has made the report and its areas (matched by key, `matchLocalAreas`).
 */
export type LocalAreaId = number;
/** A photo still in the outbox is referred to by its entry's id (a UUID string). */
export type LocalPhotoKey = string;
/** A photo: the server's id, or the local key of a photo entry still waiting. */
export type PhotoRef = number | LocalPhotoKey;

interface EntryBase {
  /**
   * A random UUID made on this device when the entry was kept. Sent as the Idempotency-Key of
   * every try of a photo or a new report, so a try whose answer was lost never stores it twice.
   */
  id: string;
  /** Who made it: only this user's session sends it. */
  userId: number;
  /** When it was made (ms, unique and increasing per outbox): entries are sent in this order. */
  createdAt: number;
  failedAttempts: number;
}

export interface PhotoEntry extends EntryBase {
  kind: 'photo';
  projectId: number;
  type: PhotoType;
  source: PhotoSource;
  /** The JPEG bytes (an ArrayBuffer: older Safari cannot store Blobs in IndexedDB). */
  bytes: ArrayBuffer;
  mimeType: string;
  /**
   * When it was taken, ISO 8601: the device clock at the shutter, or a chosen file's own EXIF
   * date. Absent when unknown (and on photos kept by an older version of the app).
   */
  capturedAt?: string;
  /** An AFTER photo to pair, once stored, with this BEFORE (shoot-to-pair): the server's id or a local key. */
  pairWith?: PhotoRef;
  /** The report area it was taken in (a report made from a template): the server's id, or a local one. */
  areaId?: number;
}

/** A client name or description typed in; a newer edit of the same field replaces a waiting one. */
export interface EditEntry extends EntryBase {
  kind: 'edit';
  projectId: number;
  field: DetailsField;
  value: string;
}

/** New Report: `projectId` is the report's local (negative) id until the server has made it. */
export interface CreateReportEntry extends EntryBase {
  kind: 'create-report';
  projectId: LocalProjectId;
  /** For one of the business's clients (seen online, so a server id) and the name it had then. */
  client?: { id: number; name: string };
  /** Made from a template kept on the device: the areas it made there, by local id and key. */
  template?: NewReportFromTemplate;
}

export interface NewReportFromTemplate {
  templateId: string;
  bedrooms?: number;
  bathrooms?: number;
  areas: Array<{ id: LocalAreaId; key: string }>;
}

/** Skip an area with a reason, or (skip null) undo that; a newer one for the same area replaces a waiting one. */
export interface SkipAreaEntry extends EntryBase {
  kind: 'skip-area';
  projectId: number;
  areaId: number;
  skip: { reason: SkipReason; note?: string } | null;
  /** For an area made on the device: its key, so the skip goes only to the server's area of that key. */
  areaKey?: string;
}

/**
 * Finish job, sent after everything made before it (its photos first), so the server checks the
 * gate against them; refused (409 areas_incomplete) it is dropped with the areas still missing.
 */
export interface FinishEntry extends EntryBase {
  kind: 'finish';
  projectId: number;
}

export interface ReopenEntry extends EntryBase {
  kind: 'reopen';
  projectId: number;
}

export interface DeletePhotoEntry extends EntryBase {
  kind: 'delete-photo';
  projectId: number;
  photoId: PhotoRef;
}

export interface CreatePairEntry extends EntryBase {
  kind: 'create-pair';
  projectId: number;
  beforePhotoId: PhotoRef;
  afterPhotoId: PhotoRef;
}

export interface DeletePairEntry extends EntryBase {
  kind: 'delete-pair';
  projectId: number;
  pairId: number;
}

export interface AutoPairEntry extends EntryBase {
  kind: 'auto-pair';
  projectId: number;
}

export type OutboxEntry =
  PhotoEntry | EditEntry | CreateReportEntry | DeletePhotoEntry | CreatePairEntry | DeletePairEntry | AutoPairEntry | SkipAreaEntry | FinishEntry | ReopenEntry;
export type OutboxEntryKind = OutboxEntry['kind'];

/** What a caller gives: the outbox adds the id (unless given), the order and the attempt count. */
export type NewEntry = DistributiveOmit<OutboxEntry, 'id' | 'createdAt' | 'failedAttempts'> & { id?: string };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The fields that may hold another entry's local id. Once that entry is sent, the outbox writes
 * the server's id into every waiting entry's field (and resolves it again just before sending).
 * A new kind of reference is one more name here.
 */
export const REFERENCE_FIELDS = ['projectId', 'photoId', 'beforePhotoId', 'afterPhotoId', 'pairWith', 'areaId'] as const;
type ReferenceField = (typeof REFERENCE_FIELDS)[number];

export type LocalRef = LocalProjectId | LocalPhotoKey;

export function isLocalProjectId(projectId: number): boolean {
  return projectId < 0;
}

/** A reference not yet resolved: a local report id (negative) or a local photo key (a string). */
export function isLocalRef(value: unknown): value is LocalRef {
  return typeof value === 'string' || (typeof value === 'number' && value < 0);
}

/**
 * The local ids the server's answer to this entry resolves, which others may refer to: a new
 * report's id first, then the areas it was made with on the device; a photo's key.
 */
export function localRefsOf(entry: OutboxEntry): LocalRef[] {
  if (entry.kind === 'create-report') return [entry.projectId, ...(entry.template?.areas.map((area) => area.id) ?? [])];
  if (entry.kind === 'photo') return [entry.id];
  return [];
}

/** An area the server's report no longer has (its template was deleted meanwhile): its photos go in unsorted. */
export const NO_AREA = 0;

/**
 * Each area made on the device, matched to the server's area of the report it made: by key (the
 * same template rule, whatever the names' language); if the template changed meanwhile and the key
 * is gone, the area in the same place (or the last one), so no photo taken offline is lost.
 */
export function matchLocalAreas(
  local: ReadonlyArray<{ id: LocalAreaId; key: string }>,
  server: ReadonlyArray<{ id: number; key: string }>,
): Array<[LocalAreaId, number]> {
  return local.map((area, index) => [
    area.id,
    (server.find((candidate) => candidate.key === area.key) ?? server[Math.min(index, server.length - 1)])?.id ?? NO_AREA,
  ]);
}

/**
 * Whether a skip still names the area it was made for. Photos of an area the server no longer has go
 * to the area in its place (kept, never lost), but a skip would then excuse a room nobody skipped:
 * a skip made on the device goes only to the server's area with the same key, else it is not sent
 * (the finish gate then names that area, and the cleaner decides again).
 */
export function skipNamesSameArea(entry: SkipAreaEntry, serverAreas: ReadonlyArray<{ id: number; key: string }>): boolean {
  if (entry.areaKey === undefined) return true;
  return serverAreas.find((area) => area.id === entry.areaId)?.key === entry.areaKey;
}

/** The entry's fields that refer to other entries (a new report's own id is not a reference). */
function referenceFieldsOf(entry: OutboxEntry): ReferenceField[] {
  return REFERENCE_FIELDS.filter((field) => field in entry && !(entry.kind === 'create-report' && field === 'projectId'));
}

/** The entry with every reference that has a server id replaced by it (the same object when none). */
export function resolveReferences<T extends OutboxEntry>(entry: T, serverIdOf: (ref: LocalRef) => number | undefined): T {
  let resolved: T = entry;
  for (const field of referenceFieldsOf(entry)) {
    const value: unknown = (entry as unknown as Record<string, unknown>)[field];
    if (!isLocalRef(value)) continue;
    const serverId = serverIdOf(value);
    if (serverId !== undefined) resolved = { ...resolved, [field]: serverId };
  }
  return resolved;
}

/** The first reference of the entry still local (its entry has not been sent). */
export function unresolvedReference(entry: OutboxEntry): LocalRef | null {
  for (const field of referenceFieldsOf(entry)) {
    const value: unknown = (entry as unknown as Record<string, unknown>)[field];
    if (isLocalRef(value)) return value;
  }
  return null;
}

/**
 * Entries with the same key say the same thing, the newer one wins: a waiting edit of a field is
 * replaced by a newer edit of it (the last edit wins, as online).
 */
export function coalesceKeyOf(entry: OutboxEntry): string | null {
  if (entry.kind === 'edit') return `edit:${entry.userId}:${entry.projectId}:${entry.field}`;
  // Skip, then unskip (or the other way) while waiting: only the last one is what the cleaner meant.
  if (entry.kind === 'skip-area') return `skip:${entry.userId}:${entry.projectId}:${entry.areaId}`;
  return null;
}

/** A stored record as read back: photos kept by an earlier version of the app have no `kind`. */
export function normalizeStoredEntry(record: OutboxEntry | (Omit<PhotoEntry, 'kind'> & { kind?: undefined })): OutboxEntry {
  return record.kind === undefined ? { ...record, kind: 'photo' } : record;
}
