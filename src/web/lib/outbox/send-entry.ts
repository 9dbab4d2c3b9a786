// How each kind of outbox entry reaches the server: one API call each, every try ended by a
// timeout so one stalled request never holds the outbox. Photos and new reports carry the entry's
// UUID as their Idempotency-Key, so a try whose answer was lost is answered with what the first
// try stored, never a second copy.
import { api } from '../api';
import { ApiError } from '../api-client';
import { t } from '../i18n/i18n';
import { photoTypeBadge } from '../photo-type-label';
import {
  matchLocalAreas,
  NO_AREA,
  skipNamesSameArea,
  type CreateReportEntry,
  type NewReportFromTemplate,
  type OutboxEntry,
  type PhotoEntry,
  type SkipAreaEntry,
} from './outbox-entries';
import type { SendProgress, SendResult } from './outbox';

/** Time allowed for one photo: 20 s plus 8 KB/s for the bytes (a 600 KB photo on a weak signal: ~95 s). */
export function uploadTimeoutMs(byteLength: number): number {
  return 20_000 + Math.ceil(byteLength / 8192) * 1000;
}

/** Time allowed for every other entry: a small JSON request. */
export const SEND_TIMEOUT_MS = 20_000;

const timeout = () => AbortSignal.timeout(SEND_TIMEOUT_MS);

/** Only the server's id is needed for references: an entry refers to a photo or report by number. */
function asServerId(id: number | string): number {
  if (typeof id !== 'number' || id <= 0) throw new Error(`Unresolved reference ${String(id)}`);
  return id;
}

export async function sendEntry(entry: OutboxEntry, progress: SendProgress): Promise<SendResult> {
  switch (entry.kind) {
    case 'photo':
      return sendPhoto(entry, progress);
    case 'edit':
      await api.updateProject({ params: { id: entry.projectId }, body: { [entry.field]: entry.value } }, { signal: timeout() });
      return;
    case 'create-report':
      return sendNewReport(entry);
    case 'delete-photo':
      await api.deletePhoto({ params: { id: asServerId(entry.photoId) } }, { signal: timeout() });
      return;
    case 'create-pair':
      await api.createPhotoPair(
        { params: { id: entry.projectId }, body: { beforePhotoId: asServerId(entry.beforePhotoId), afterPhotoId: asServerId(entry.afterPhotoId) } },
        { signal: timeout() },
      );
      return;
    case 'delete-pair':
      await api.deletePhotoPair({ params: { id: entry.pairId } }, { signal: timeout() });
      return;
    case 'auto-pair': {
      const { pairsCreated } = await api.autoPairAll({ params: { id: entry.projectId } }, { signal: timeout() });
      return { pairsCreated };
    }
    case 'skip-area':
      return sendSkip(entry);
    case 'finish':
      await api.finishProject({ params: { id: entry.projectId } }, { signal: timeout() });
      return;
    case 'reopen':
      await api.reopenProject({ params: { id: entry.projectId } }, { signal: timeout() });
      return;
  }
}

/** An area the server's report does not have (its template was gone when it was made) has nothing to skip. */
async function sendSkip(entry: SkipAreaEntry): Promise<SendResult> {
  if (entry.areaId === NO_AREA) return;
  if (entry.areaKey !== undefined) {
    const report = await api.getProject({ params: { id: entry.projectId }, query: { images: 'url' } }, { signal: timeout() });
    if (!skipNamesSameArea(entry, report.areas)) return;
  }
  const params = { id: entry.projectId, areaId: entry.areaId };
  if (entry.skip === null) await api.unskipArea({ params }, { signal: timeout() });
  else await api.skipArea({ params, body: entry.skip }, { signal: timeout() });
}

/**
 * addPhoto with the JPEG as raw bytes (25% fewer than a base64 data URL), with progress, and the
 * capture time when known.
 */
async function sendPhoto(upload: PhotoEntry, { onProgress }: SendProgress): Promise<SendResult> {
  const body = new Blob([upload.bytes], { type: upload.mimeType });
  // A 402 (the trial ended after the photo was taken) is told by the client; this says the photo waits.
  const accessBlockedNote = t('upload.keptUntilUpgrade', { type: photoTypeBadge(upload.type) });
  // Shoot-to-pair: resolved to the before's server id by now; a before never stored (a local key still) pairs nothing.
  const pairWith = typeof upload.pairWith === 'number' && upload.pairWith > 0 ? { pairWith: String(upload.pairWith) } : {};
  const photo = await api.addPhoto(
    {
      params: { id: upload.projectId },
      query: {
        type: upload.type,
        ...(upload.capturedAt ? { capturedAt: upload.capturedAt } : {}),
        ...pairWith,
        ...(upload.areaId ? { areaId: String(upload.areaId) } : {}),
      },
      body,
    },
    {
      accessBlockedNote,
      headers: { 'Idempotency-Key': upload.id },
      signal: AbortSignal.timeout(uploadTimeoutMs(upload.bytes.byteLength)),
      onUploadProgress: onProgress,
    },
  );
  return { serverId: photo.id };
}

/**
 * A report made with no signal. For a client, it is linked to them; if the client was deleted
 * meanwhile, the report is still made, under the name it was started with. From a template, the
 * server makes its areas by the same rule as the phone did, and the phone's areas are matched to
 * them (their photos follow with the server's area ids); if the template was deleted meanwhile, the
 * report is made blank and its photos go in unsorted. Nothing taken offline is lost.
 */
async function sendNewReport(entry: CreateReportEntry): Promise<SendResult> {
  const { client, template } = entry;
  let linkClient = client !== undefined;
  let useTemplate = template !== undefined;
  // At most one refusal of each kind: the client deleted, the template deleted.
  for (;;) {
    const body = {
      ...(client ? (linkClient ? { clientId: client.id } : { clientName: client.name }) : {}),
      ...(template && useTemplate ? templateFields(template) : {}),
    };
    try {
      const made = await api.createProject({ body }, { headers: { 'Idempotency-Key': entry.id }, signal: timeout() });
      return { serverId: made.id, ...(template ? { moreServerIds: matchLocalAreas(template.areas, made.areas) } : {}) };
    } catch (error) {
      const code = error instanceof ApiError ? error.serverCode : undefined;
      if (code === 'client_not_found' && linkClient) linkClient = false;
      else if (code === 'template_not_found' && useTemplate) useTemplate = false;
      else throw error;
    }
  }
}

function templateFields({ templateId, bedrooms, bathrooms }: NewReportFromTemplate) {
  return { templateId, ...(bedrooms === undefined ? {} : { bedrooms }), ...(bathrooms === undefined ? {} : { bathrooms }) };
}
