// Photos: upload (spec §7's JSON data URL, or the app's raw bytes), delete, and the image routes
// of DESIGN.md. Pairs are photo-pairs.routes.ts, registered beside this by app.ts.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AddPhotoBodySchema, AddPhotoHeadersSchema, AddPhotoQuerySchema, type PhotoType } from '../../shared/contract/projects.js';
import { parseIsoInstant } from '../../shared/capture-time.js';
import { PHOTO_UPLOAD_CONTENT_TYPES } from '../../shared/images.js';
import { IdParamSchema } from '../../shared/contract/common.js';
import { requireUser } from '../auth/sessions.js';
import { requireActiveAccess } from '../billing/access.js';
import { notFound } from '../lib/http-errors.js';
import { parseInput } from '../lib/validation.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { decodeImageDataUrl } from './data-url.js';
import { toPhotoResponse } from './photo-view.js';
import { withChecksums } from './photo-checksums.js';
import type { PhotoRow } from '../db/schema.js';
import { addPhoto, deletePhoto, findOwnedPhoto, PhotoQuotaError } from './photos.service.js';
import { storeOnce, uploadFingerprint, type UploadClaim } from './upload-keys.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logSecurityEvent } from '../observability/security-events.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

/** Photos never change (a new photo gets a new id), so browsers may keep them; only the owner may see them. */
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

export const photoRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore } = app.deps;

  // The app's own client sends the photo as raw bytes (25% fewer than base64). Scoped to this plugin.
  app.addContentTypeParser([...PHOTO_UPLOAD_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const uploadsPerUser = createLimiter(app, {
    name: 'photo-uploads-user',
    ...RATE_LIMITS.photoUploadsPerUser,
    key: async (request) => String((await requireUser(request)).id),
    message: (minutes) => `Too many photos in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}; the rest will upload then.`,
  });

  addRoute(
    app,
    api.addPhoto,
    // Sign-in and the user's budget are checked before the body (up to 15 MB) is read.
    { bodyLimit: UPLOAD_BODY_LIMIT_BYTES, onRequest: [async (request) => void (await requireUser(request)), uploadsPerUser.hit] },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = parseInput(IdParamSchema, request.params);
      const project = await findOwnedProject(db, user.id, id);
      await requireActiveAccess(request, user);
      const receivedAt = app.deps.clock();
      const upload = readUpload(request.body, request.query);
      const { 'Idempotency-Key': key } = parseInput(AddPhotoHeadersSchema, { 'Idempotency-Key': request.headers['idempotency-key'] });
      const store = async (claim?: UploadClaim) => {
        try {
          const stored = await addPhoto({ db, photoStore }, project, { ...upload, receivedAt, timeZone: user.timeZone, claim });
          app.metrics.photosIngested.inc({ path: stored.path });
          return stored.row;
        } catch (error) {
          if (error instanceof PhotoQuotaError) logSecurityEvent(request, 'quota_reached', { userId: user.id, limit: `photos-per-${error.quota}` });
          throw error;
        }
      };
      const show = async (photo: PhotoRow) => toPhotoResponse((await withChecksums(app.deps, [photo]))[0]!);
      if (key === undefined) return reply.code(201).send(await show(await store()));
      const fingerprint = uploadFingerprint({ ...upload, projectId: project.id });
      const { photo, repeated } = await storeOnce(db, { userId: user.id, key, fingerprint }, store);
      return reply.code(repeated ? 200 : 201).send(await show(photo));
    },
  );

  addRoute(app, api.deletePhoto, async (request) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    await deletePhoto({ db, photoStore }, await findOwnedPhoto(db, user.id, id));
    return { message: 'Photo deleted' };
  });

  addRoute(app, api.getPhotoImage, async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const photo = await findOwnedPhoto(db, user.id, id);
    return sendStoredImage(reply, await photoStore.get(photo.storageKey), 'image/jpeg');
  });

  addRoute(app, api.getPhotoThumbnail, async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const photo = await findOwnedPhoto(db, user.id, id);
    return sendStoredImage(reply, await photoStore.get(photo.thumbnailKey), 'image/webp');
  });
};

/** Either form of POST /api/projects/{id}/photos: raw bytes with ?type=&capturedAt=, or JSON { type, imageData, capturedAt }. */
function readUpload(body: unknown, query: unknown): { type: PhotoType; bytes: Buffer; capturedAt: Date | null } {
  if (Buffer.isBuffer(body)) {
    const parsed = parseInput(AddPhotoQuerySchema, query);
    return { type: parsed.type, bytes: body, capturedAt: toInstant(parsed.capturedAt) };
  }
  const parsed = parseInput(AddPhotoBodySchema, body);
  return { type: parsed.type, bytes: decodeImageDataUrl(parsed.imageData), capturedAt: toInstant(parsed.capturedAt) };
}

/** The schema has checked the text; its instant (bounds are applied when the photo is stored). */
const toInstant = (capturedAt: string | undefined): Date | null => (capturedAt === undefined ? null : parseIsoInstant(capturedAt));

function sendStoredImage(reply: FastifyReply, bytes: Buffer | null, contentType: string) {
  if (!bytes) throw notFound('Photo file not found');
  return reply.header('content-type', contentType).header('cache-control', IMMUTABLE_PRIVATE).send(bytes);
}
