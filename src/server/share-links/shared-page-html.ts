// The HTML of /r/{token} (issue 14), written by the server once it has checked the token. A live
// link gets the page with its title, link preview (Open Graph) and preloads in the head, so a
// messaging app shows the business, the client and a photo without running a script, and the
// phone starts fetching the report and its first pair with the page itself; the page's script
// (its own small build) renders the rest. An expired, revoked or unknown link gets its message,
// a few lines of style and no script at all.
import { sharedReportText, type GoneLinkState } from '../../shared/shared-report-text.js';
import type { Locale } from '../../shared/preferences.js';
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { PageAssets } from './shared-report-build.js';
import { escapeHtml } from '../lib/escape-html.js';

/** One document for every state of the page: not indexed, no referrer, the app's icon and colour. */
function renderDocument({ locale, title, head, body }: { locale: Locale; title: string; head: string[]; body: string }): string {
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#0f766e" />
    <meta name="robots" content="noindex" />
    <meta name="referrer" content="no-referrer" />
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <title>${escapeHtml(title)}</title>
    ${head.join('\n    ')}
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

export interface LivePageHead {
  /** The report owner's language (users.locale): the page's words and <html lang>. */
  locale: Locale;
  title: string;
  description: string;
  /** Absolute URLs (under APP_URL): a link preview is fetched by another server. */
  pageUrl: string;
  previewImageUrl: string | null;
  /** Fetched at once with the page: the report's JSON and the first pair's thumbnails. */
  preloadJsonUrl: string;
  preloadImageUrls: string[];
}

/** The live page; without `assets` (the page not built) only its head, which is what the API tests check. */
export function renderLivePage(assets: PageAssets | null, page: LivePageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const TEXT = sharedReportText(page.locale);
  return renderDocument({
    locale: page.locale,
    title: page.title,
    head: [
      meta('name', 'description', page.description),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', page.title),
      meta('property', 'og:description', page.description),
      meta('property', 'og:url', page.pageUrl),
      ...(page.previewImageUrl
        ? [meta('property', 'og:image', page.previewImageUrl), meta('property', 'og:image:alt', TEXT.previewImageAlt), meta('name', 'twitter:card', 'summary_large_image')]
        : [meta('name', 'twitter:card', 'summary')]),
      ...(assets?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
      `<link rel="preload" href="${escapeHtml(page.preloadJsonUrl)}" as="fetch" crossorigin="use-credentials" />`,
      ...page.preloadImageUrls.map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="image" fetchpriority="high" />`),
      ...(assets ? [`<script type="module" crossorigin src="${escapeHtml(assets.script)}"></script>`] : []),
    ],
    body: '<div id="root"></div>',
  });
}

const GONE_PAGE_STYLE = `<style>
      body { margin: 0; min-height: 100dvh; display: flex; flex-direction: column; background: #f8fafc; color: #0f172a; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
      main { flex: 1; display: flex; align-items: center; justify-content: center; padding: 24px; }
      section { max-width: 26rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 16px; padding: 32px 24px; text-align: center; box-shadow: 0 1px 2px rgb(15 23 42 / 0.06); }
      h1 { margin: 16px 0 8px; font-size: 1.375rem; line-height: 1.3; }
      p { margin: 0; color: #475569; line-height: 1.5; }
      footer { padding: 16px; text-align: center; font-size: 0.875rem; color: #64748b; }
    </style>`;

/**
 * The 410 (expired, withdrawn) or 404 (unknown) page: what happened, and to ask for a new link, in
 * the reader's language (Accept-Language): a link that opens nothing has no owner to follow.
 */
export function renderGoneLinkPage(state: GoneLinkState, locale: Locale = 'en'): string {
  const TEXT = sharedReportText(locale);
  const { title, body } = TEXT.gone[state];
  return renderDocument({
    locale,
    title,
    head: [GONE_PAGE_STYLE],
    body: `<main>
      <section aria-labelledby="gone-title">
        <img src="/icon.svg" alt="" width="48" height="48" />
        <h1 id="gone-title">${escapeHtml(title)}</h1>
        <p>${escapeHtml(body)}</p>
      </section>
    </main>
    <footer>${escapeHtml(TEXT.sentWith)}</footer>`,
  });
}
