// GET /r/{token}: the page a client opens from a link. The token is checked before
// anything is served: a live link gets the page (200) with its preview tags, an expired or revoked
// one the 410 page, an unknown one the 404 page. Outside /api, so not in the route table.
import type { FastifyPluginAsync } from 'fastify';
import { sharedReportText } from '../../shared/shared-report-text.js';
import { localeFromAcceptLanguage } from '../lib/request-locale.js';
import { toLocale } from '../../shared/preferences.js';
import { listPairsWithPhotos } from '../photos/photo-pairs.service.js';
import { guardSharedAnswers, lookUpRequestToken, type SharedAnswerOptions } from './shared-access.js';
import { sharedPageUrl, sharedReportUrls, toSharedPhoto } from './share-link-view.js';
import { SHARED_PHOTO_SIZES, sharedPhotoSrcSet } from '../../shared/shared-photo-sources.js';
import type { PhotoRow } from '../db/schema.js';
import { renderGoneLinkPage, renderLivePage } from './shared-page-html.js';
import { readPageAssets } from './shared-report-build.js';

const HTML = 'text/html; charset=utf-8';

/** A preview shows two or three lines; a 2,000-character description is cut at a word. */
function shortened(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** The same picture the page's <img> will pick, fetched with the page itself. */
function toPreloadImage(token: string, photo: PhotoRow) {
  const shared = toSharedPhoto(token, photo);
  return { href: shared.thumbnailUrl, srcset: sharedPhotoSrcSet(shared), sizes: SHARED_PHOTO_SIZES };
}

export const sharedReportPageRoutes: FastifyPluginAsync<SharedAnswerOptions & { webRoot?: string }> = async (app, options) => {
  const { db, config } = app.deps;
  const { webRoot } = options;
  guardSharedAnswers(app, options);

  app.get('/r/:token', async (request, reply) => {
    // Names and a live token are in the page: never stored by any cache, and gone at once when revoked.
    reply.header('cache-control', 'no-store');
    const found = await lookUpRequestToken(request);
    const readerLocale = localeFromAcceptLanguage(request.headers['accept-language']);
    if (found.state === 'unknown') return reply.code(404).type(HTML).send(renderGoneLinkPage('unknown', readerLocale));
    // Its account was deleted: withdrawn by the business, which is no longer there to name.
    if (found.state === 'withdrawn') return reply.code(410).type(HTML).send(renderGoneLinkPage('revoked', readerLocale));
    if (found.state !== 'live') {
      const business = { name: found.owner.businessName?.trim() ?? '', logoUrl: found.owner.businessLogoKey ? sharedReportUrls(found.link.token).logo : null };
      return reply
        .code(410)
        .type(HTML)
        .send(renderGoneLinkPage(found.state, readerLocale, business));
    }

    const { link, project, owner } = found;
    const pairs = await listPairsWithPhotos(db, project.id);
    const urls = sharedReportUrls(link.token);
    const first = pairs[0];
    // The owner's language, like the PDF the page offers.
    const locale = toLocale(owner.locale);
    const TEXT = sharedReportText(locale);
    // Read each time, like index.html: a rebuild (KEEP_WEB_BUILD=1) is served without a restart.
    const html = renderLivePage(await readPageAssets(webRoot), {
      locale,
      title: TEXT.title(owner.businessName?.trim() ?? '', project.clientName),
      description: shortened(project.description.trim()) || TEXT.previewDescription(pairs.length),
      pageUrl: sharedPageUrl(config.appUrl, link.token),
      previewImageUrl: first ? `${config.appUrl}${urls.preview}` : null,
      preloadJsonUrl: urls.report,
      preloadImages: first ? [first.before, first.after].map((photo) => toPreloadImage(link.token, photo)) : [],
    });
    return reply.type(HTML).send(html);
  });
};
