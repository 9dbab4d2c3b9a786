// Photos: upload (spec §7's JSON data URL, or the app's raw bytes), delete, and the image routes
// of the architecture. Pairs are photo-pairs.routes.ts, registered beside this by app.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AddPhotoBody, PhotoType } from '../../shared/contract/projects.js';
import { parseIsoInstant } from '../../shared/capture-time.js';
import { PHOTO_UPLOAD_CONTENT_TYPES } from '../../shared/images.js';
import { requireActiveAccess } from '../billing/access.js';
import { badRequest, forbidden, notFound } from '../lib/http-errors.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { assertOpen, resolvePhotoArea } from '../project-access/project-areas.js';
import { decodeImageDataUrl } from './data-url.js';
import { toPhotoResponse } from './photo-view.js';
import { withChecksums } from './photo-checksums.js';
import { findPairIdOf } from './pair-at-shutter.js';
import { addPhotoOnce, deletePhoto, findOwnedPhoto, PhotoQuotaError } from './photos.service.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, routeUser } from '../lib/add-route.js';
import { loadMemberNames } from '../project-access/member-names.js';

export const photoRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore } = app.deps;

  // The app's own client sends the photo as raw bytes (25% fewer than base64). Scoped to this plugin.
  app.addContentTypeParser([...PHOTO_UPLOAD_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const uploadsPerUser = createLimiter(app, {
    name: 'photo-uploads-user',
    ...RATE_LIMITS.photoUploadsPerUser,
    key: (request) => String(routeUser(request).id),
    code: 'photo_uploads_rate_limited',
  });

  addRoute(
    app,
    api.addPhoto,
    // Sign-in, the user's budget and a place among the uploads in flight are checked before the body (up to 15 MB) is read.
    {
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
      onRequest: [async (request, reply) => app.uploadsInFlight.enter(request, reply, routeUser(request).id), uploadsPerUser.hit],
    },
    async ({ user, params, query, headers, body, request, reply }) => {
      const project = await findOwnedProject(db, user, params.id);
      await requireActiveAccess(request, user);
      assertOpen(project);
      const receivedAt = app.deps.clock();
      const { areaId, ...read } = readUpload(body, query);
      const upload = { ...read, areaId: await resolvePhotoArea(db, project, areaId), receivedAt, timeZone: user.timeZone, takenBy: user.id };
      let added;
      try {
        added = await addPhotoOnce({ db, photoStore }, project, upload, headers['Idempotency-Key']);
      } catch (error) {
        if (error instanceof PhotoQuotaError) logSecurityEvent(request, 'quota_reached', { userId: user.id, limit: `photos-per-${error.quota}` });
        throw error;
      }
      if (added.path) app.metrics.photosIngested.inc({ path: added.path });
      const [photo] = await withChecksums(app.deps, [added.photo]);
      // The pair the photo is in (pairWith): as stored, or as it stands now for a repeat.
      // The uploader is the taker (a repeat too, as a rule): their name is in hand.
      const names = await loadMemberNames(db, [photo!.takenBy], user);
      return reply.code(added.repeated ? 200 : 201).send({ ...toPhotoResponse(photo!, names), pairId: await findPairIdOf(db, photo!.id) });
    },
  );

  addRoute(app, api.deletePhoto, async ({ user, params }) => {
    const photo = await findOwnedPhoto(db, user, params.id);
    // A cleaner may delete only the photos they took.
    if (user.role === 'cleaner' && photo.takenBy !== user.id) throw forbidden('forbidden');
    await deletePhoto({ db, photoStore }, photo);
    return { message: 'Photo deleted' };
  });

  addRoute(app, api.getPhotoImage, async ({ user, params, request, reply }) => {
    const photo = await findOwnedPhoto(db, user, params.id);
    return sendStoredImage(request, reply, `"photo-${photo.id}-image"`, await photoStore.get(photo.storageKey), 'image/jpeg');
  });

  addRoute(app, api.getPhotoThumbnail, async ({ user, params, request, reply }) => {
    const photo = await findOwnedPhoto(db, user, params.id);
    return sendStoredImage(request, reply, `"photo-${photo.id}-thumbnail"`, await photoStore.get(photo.thumbnailKey), 'image/webp');
  });
};

/**
 * Either form of POST /api/projects/{id}/photos, both already checked by the route table: raw
 * bytes with ?type=&capturedAt=&pairWith=&areaId= (the type is required there), or JSON { type, imageData,
 * capturedAt, pairWith, areaId } (?pairWith= and ?areaId= may stand in for the fields). pairWith is for an after only.
 */
function readUpload(
  body: AddPhotoBody | Buffer,
  query: UploadQuery,
): { type: PhotoType; bytes: Buffer; capturedAt: Date | null; pairWith?: number; areaId?: number } {
  const upload = Buffer.isBuffer(body) ? readRawUpload(body, query) : readJsonUpload(body, query);
  if (upload.pairWith !== undefined && upload.type !== 'after') throw badRequest('pair_with_not_after');
  return upload;
}

interface UploadQuery {
  type?: PhotoType;
  capturedAt?: string;
  pairWith?: number;
  areaId?: number;
}

function readRawUpload(body: Buffer, query: UploadQuery) {
  if (!query.type) throw badRequest('photo_type_invalid');
  return {
    type: query.type,
    bytes: body,
    capturedAt: toInstant(query.capturedAt),
    ...(query.pairWith === undefined ? {} : { pairWith: query.pairWith }),
    ...(query.areaId === undefined ? {} : { areaId: query.areaId }),
  };
}

function readJsonUpload(body: AddPhotoBody, query: UploadQuery) {
  const pairWith = body.pairWith ?? query.pairWith;
  const areaId = body.areaId ?? query.areaId;
  return {
    type: body.type,
    bytes: decodeImageDataUrl(body.imageData),
    capturedAt: toInstant(body.capturedAt),
    ...(pairWith === undefined ? {} : { pairWith }),
    ...(areaId === undefined ? {} : { areaId }),
  };
}

/** The schema has checked the text; its instant (bounds are applied when the photo is stored). */
const toInstant = (capturedAt: string | undefined): Date | null => (capturedAt === undefined ? null : parseIsoInstant(capturedAt));

/** A photo never changes (a new photo gets a new id), so its id names these bytes; the browser asks again each time (Sign Out on a shared phone). */
function sendStoredImage(request: FastifyRequest, reply: FastifyReply, etag: string, bytes: Buffer | null, contentType: string) {
  if (!bytes) throw notFound('photo_file_not_found');
  return sendRevalidated(request, reply, etag, contentType, bytes);
}
