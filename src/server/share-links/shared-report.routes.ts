// The client's side of a link: GET /api/shared/{token} and the photos, logo and PDF
// under it. Public: the token is the key. Only the photos of the report's pairs are served, the
// token is checked on every request (a revoked or expired link stops everything at once), and
// the owner's email never leaves the server.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { notFound } from '../lib/http-errors.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { clientAddress, createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { logoContentType } from '../account/business-logo.js';
import { heavyReads } from '../projects/heavy-reads.js';
import { renderProjectReportPdf, toPdfArea } from '../projects/report-pdf.service.js';
import { isTemplated, listAreaRows } from '../project-access/project-areas.js';
import { sendReportPdf } from '../projects/report-pdf-reply.js';
import { findSharedPhoto, markShareLinkOpened } from './share-links.service.js';
import { listPairsWithPhotos } from '../photos/photo-pairs.service.js';
import { guardSharedAnswers, requireKnownLink, requireLiveLink, type SharedAnswerOptions } from './shared-access.js';
import { toSharedReport } from './share-link-view.js';
import { deviceKindOf } from '../client-answers/device-kind.js';
import { loadClientAnswers, loadWindowEnd } from '../client-answers/client-answers-view.js';
import { linkPreviewImage, previewCacheKey } from './link-preview-image.js';
import { loadCrewNames } from '../project-access/member-names.js';

export const sharedReportRoutes: FastifyPluginAsync<SharedAnswerOptions> = async (app, options) => {
  const { db, photoStore, clock } = app.deps;
  guardSharedAnswers(app, options);
  const pdfsPerAddress = createLimiter(app, {
    name: 'shared-pdf-address',
    ...RATE_LIMITS.sharedPdfPerAddress,
    key: clientAddress,
    code: 'shared_pdf_rate_limited',
  });

  addRoute(app, api.getSharedReport, async ({ request }) => {
    const { link, project, owner } = await requireLiveLink(request);
    // A blank report has no areas: no second query for it.
    const [pairs, areaRows] = await Promise.all([listPairsWithPhotos(db, project.id), isTemplated(project) ? listAreaRows(db, project.id) : []]);
    // Only the data counts as opened: link previews fetch the page and its image, never this.
    // Only "phone or computer" is kept of the user agent; never the address.
    await markShareLinkOpened(db, link.id, clock(), deviceKindOf(request.headers['user-agent']));
    const [answers, windowEndsAt, names] = await Promise.all([
      loadClientAnswers(app.deps, project, { kind: 'link', linkId: link.id, token: link.token }),
      loadWindowEnd(db, owner, project),
      loadCrewNames(
        db,
        project.businessId,
        pairs.flatMap((pair) => [pair.before.takenBy, pair.after.takenBy]),
      ),
    ]);
    return toSharedReport(link.token, project, owner, pairs, { ...answers, windowEndsAt }, areaRows.map(toPdfArea), names);
  });

  addRoute(app, api.getSharedReportPdf, { onRequest: pdfsPerAddress.hit }, async ({ request, reply }) => {
    const { project, owner } = await requireLiveLink(request);
    // Visitors of one owner's links share two builds at a time, apart from the owner's own exports.
    const pdf = await heavyReads.run(`shared-links:${owner.id}`, () => renderProjectReportPdf(app.deps, owner, project));
    return sendReportPdf(reply, project, owner, pdf);
  });

  addRoute(app, api.getSharedPhotoImage, ({ params, request, reply }) => sendSharedPhoto(request, reply, params.photoId, 'image'));
  addRoute(app, api.getSharedPhotoThumbnail, ({ params, request, reply }) => sendSharedPhoto(request, reply, params.photoId, 'thumbnail'));

  addRoute(app, api.getSharedPreviewImage, async ({ request, reply }) => {
    const { project } = await requireLiveLink(request);
    // The first pair only: a report of 50 pairs shows one in its preview.
    const [first] = await listPairsWithPhotos(db, project.id, { limit: 1 });
    const picture = first ? await linkPreviewImage(photoStore, first) : null;
    if (!first || !picture) throw notFound('shared_preview_missing');
    return sendRevalidated(request, reply, `"preview-${previewCacheKey(first)}"`, 'image/jpeg', picture);
  });

  // Also for an expired or withdrawn link: its page still shows whose it was.
  addRoute(app, api.getSharedLogo, async ({ request, reply }) => {
    const { owner } = await requireKnownLink(request);
    const key = owner.businessLogoKey;
    const bytes = key ? await photoStore.get(key) : null;
    if (!key || !bytes) throw notFound('shared_logo_missing');
    // Each upload gets a new key, so the key names these bytes.
    return sendRevalidated(request, reply, `"logo-${key.split('/').pop() ?? ''}"`, logoContentType(key), bytes);
  });

  async function sendSharedPhoto(request: FastifyRequest, reply: FastifyReply, photoId: number, size: 'image' | 'thumbnail') {
    const { project } = await requireLiveLink(request);
    const photo = await findSharedPhoto(db, project.id, photoId);
    const bytes = await photoStore.get(size === 'image' ? photo.storageKey : photo.thumbnailKey);
    if (!bytes) throw notFound('photo_file_not_found');
    // A photo never changes (a new photo gets a new id), so its id names these bytes.
    return sendRevalidated(request, reply, `"photo-${photo.id}-${size}"`, size === 'image' ? 'image/jpeg' : 'image/webp', bytes);
  }
};
