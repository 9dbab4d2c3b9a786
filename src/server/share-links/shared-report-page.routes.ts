// GET /r/{token} (issue 14): the page a client opens from a link. The token is checked before
// anything is served: a live link gets the page (200) with its preview tags, an expired or revoked
// one the 410 page, an unknown one the 404 page. Outside /api, so not in the route table.
import type { FastifyPluginAsync } from 'fastify';
import { sharedReportText } from '../../shared/shared-report-text.js';
import { localeFromAcceptLanguage } from '../lib/request-locale.js';
import { toLocale } from '../../shared/preferences.js';
import { listSharedPairs } from './share-links.service.js';
import { guardSharedAnswers, lookUpRequestToken, type SharedAnswerOptions } from './shared-access.js';
import { sharedPageUrl, sharedReportUrls } from './share-link-view.js';
import { renderGoneLinkPage, renderLivePage } from './shared-page-html.js';
import { readPageAssets } from './shared-report-build.js';

const HTML = 'text/html; charset=utf-8';

/** A preview shows two or three lines; a 2,000-character description is cut at a word. */
function shortened(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export const sharedReportPageRoutes: FastifyPluginAsync<SharedAnswerOptions & { webRoot?: string }> = async (app, options) => {
  const { db, config } = app.deps;
  const { webRoot } = options;
  guardSharedAnswers(app, options);

  app.get('/r/:token', async (request, reply) => {
    // Names and a live token are in the page: never stored by any cache, and gone at once when revoked.
    reply.header('cache-control', 'no-store');
    const found = await lookUpRequestToken(request);
    if (found.state !== 'live') return reply.code(found.state === 'unknown' ? 404 : 410).type(HTML).send(renderGoneLinkPage(found.state, localeFromAcceptLanguage(request.headers['accept-language'])));

    const { link, project, owner } = found;
    const pairs = await listSharedPairs(db, project.id);
    const urls = sharedReportUrls(link.token);
    const first = pairs[0];
    // The owner's language (issue 15), like the PDF the page offers.
    const locale = toLocale(owner.locale);
    const TEXT = sharedReportText(locale);
    // Read each time, like index.html: a rebuild (KEEP_WEB_BUILD=1) is served without a restart.
    const html = renderLivePage(await readPageAssets(webRoot), {
      locale,
      title: TEXT.title(owner.businessName?.trim() ?? '', project.clientName),
      description: shortened(project.description.trim()) || TEXT.previewDescription(pairs.length),
      pageUrl: sharedPageUrl(config.appUrl, link.token),
      previewImageUrl: first ? `${config.appUrl}${urls.thumbnail(first.after.id)}` : null,
      preloadJsonUrl: urls.report,
      preloadImageUrls: first ? [urls.thumbnail(first.before.id), urls.thumbnail(first.after.id)] : [],
    });
    return reply.type(HTML).send(html);
  });
};
