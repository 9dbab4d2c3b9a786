// The client's side of a link (issue 14): GET /api/shared/{token} and the photos, logo and PDF
// under it. Public: the token is the key. Only the photos of the report's pairs are served, the
// token is checked on every request (a revoked or expired link stops everything at once), and
// the owner's email never leaves the server.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SharedPhotoParamSchema } from '../../shared/contract/share-links.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { notFound } from '../lib/http-errors.js';
import { clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { parseInput } from '../lib/validation.js';
import { logoContentType } from '../account/business-logo.js';
import { heavyReads } from '../projects/heavy-reads.js';
import { renderProjectReportPdf } from '../projects/report-pdf.service.js';
import { sendReportPdf } from '../projects/report-pdf-reply.js';
import { findSharedPhoto, listSharedPairs, markShareLinkOpened } from './share-links.service.js';
import { guardSharedAnswers, requireLiveLink, type SharedAnswerOptions } from './shared-access.js';
import { toSharedReport } from './share-link-view.js';

/**
 * A browser may keep a shared photo, but must ask again before using it (a 304 while the link
 * lives, a 410 once it is revoked or expired) and no shared cache may keep it at all.
 */
const REVALIDATE_PRIVATE = 'private, no-cache';

export const sharedReportRoutes: FastifyPluginAsync<SharedAnswerOptions> = async (app, options) => {
  const { db, photoStore, clock } = app.deps;
  guardSharedAnswers(app, options);
  const pdfsPerAddress = createLimiter(app, {
    name: 'shared-pdf-address',
    ...RATE_LIMITS.sharedPdfPerAddress,
    key: clientAddress,
    message: (minutes) => `Too many PDF downloads from this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  });

  addRoute(app, api.getSharedReport, async (request) => {
    const { link, project, owner } = await requireLiveLink(request);
    const pairs = await listSharedPairs(db, project.id);
    // Only the data counts as opened: link previews fetch the page and its image, never this.
    await markShareLinkOpened(db, link.id, clock());
    return toSharedReport(link.token, project, owner, pairs);
  });

  addRoute(app, api.getSharedReportPdf, { onRequest: pdfsPerAddress.hit }, async (request, reply) => {
    const { project, owner } = await requireLiveLink(request);
    // Visitors of one owner's links share two builds at a time, apart from the owner's own exports.
    const pdf = await heavyReads.run(`shared-links:${owner.id}`, () => renderProjectReportPdf(app.deps, owner, project));
    return sendReportPdf(reply, project, owner, pdf);
  });

  addRoute(app, api.getSharedPhotoImage, (request, reply) => sendSharedPhoto(request, reply, 'image'));
  addRoute(app, api.getSharedPhotoThumbnail, (request, reply) => sendSharedPhoto(request, reply, 'thumbnail'));

  addRoute(app, api.getSharedLogo, async (request, reply) => {
    const { owner } = await requireLiveLink(request);
    const key = owner.businessLogoKey;
    const bytes = key ? await photoStore.get(key) : null;
    if (!key || !bytes) throw notFound('This business has no logo.');
    // Each upload gets a new key, so the key names these bytes.
    return sendRevalidated(request, reply, `"logo-${key.split('/').pop() ?? ''}"`, logoContentType(key), bytes);
  });

  async function sendSharedPhoto(request: FastifyRequest, reply: FastifyReply, size: 'image' | 'thumbnail') {
    const { project } = await requireLiveLink(request);
    const { photoId } = parseInput(SharedPhotoParamSchema, request.params);
    const photo = await findSharedPhoto(db, project.id, photoId);
    const bytes = await photoStore.get(size === 'image' ? photo.storageKey : photo.thumbnailKey);
    if (!bytes) throw notFound('Photo file not found');
    // A photo never changes (a new photo gets a new id), so its id names these bytes.
    return sendRevalidated(request, reply, `"photo-${photo.id}-${size}"`, size === 'image' ? 'image/jpeg' : 'image/webp', bytes);
  }
};

function sendRevalidated(request: FastifyRequest, reply: FastifyReply, etag: string, contentType: string, bytes: Buffer): FastifyReply {
  reply.header('cache-control', REVALIDATE_PRIVATE).header('etag', etag);
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag)) return reply.code(304).send();
  return reply.type(contentType).send(bytes);
}
