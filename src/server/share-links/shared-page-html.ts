// The HTML of /r/{token}, written by the server once it has checked the token. A live
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
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './link-preview-image.js';

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
  /** Fetched at once with the page: the report's JSON and the first pair's photos (as the page's srcset picks them). */
  preloadJsonUrl: string;
  preloadImages: Array<{ href: string; srcset: string; sizes: string }>;
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
        ? [
            meta('property', 'og:image', page.previewImageUrl),
            meta('property', 'og:image:type', 'image/jpeg'),
            meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
            meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
            meta('property', 'og:image:alt', TEXT.previewImageAlt),
            meta('name', 'twitter:card', 'summary_large_image'),
          ]
        : [meta('name', 'twitter:card', 'summary')]),
      ...(assets?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
      `<link rel="preload" href="${escapeHtml(page.preloadJsonUrl)}" as="fetch" crossorigin="use-credentials" />`,
      ...page.preloadImages.map(
        (image) =>
          `<link rel="preload" href="${escapeHtml(image.href)}" imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}" as="image" fetchpriority="high" />`,
      ),
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
      header { display: flex; align-items: center; gap: 12px; padding: 12px 16px; background: #fff; border-bottom: 1px solid #e2e8f0; font-weight: 600; font-size: 1.125rem; }
      header img { max-height: 40px; max-width: 120px; width: auto; object-fit: contain; }
      .gone-icon { display: inline-flex; width: 48px; height: 48px; border-radius: 9999px; background: #f1f5f9; color: #475569; align-items: center; justify-content: center; }
    </style>`;

/** A link with a slash through it, in grey: neither the success mark of the app's logo nor an alarm. */
const NEUTRAL_ICON = `<span class="gone-icon" aria-hidden="true"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M9 17H7A5 5 0 0 1 7 7h2"/><path d="M15 7h2a5 5 0 0 1 4 8"/><line x1="8" x2="12" y1="12" y2="12"/><line x1="2" x2="22" y1="2" y2="22"/></svg></span>`;

/**
 * The 410 (expired, withdrawn) or 404 (unknown) page: what happened, and to ask for a new link, in
 * the reader's language (Accept-Language): a link that opens nothing has no owner to follow.
 */
export function renderGoneLinkPage(state: GoneLinkState, locale: Locale = 'en', business?: { name: string; logoUrl: string | null }): string {
  const TEXT = sharedReportText(locale);
  const { title, body } = TEXT.gone[state];
  // Whose link it was, as on the live page: the reader knows who to ask for a new one.
  const header =
    business?.name || business?.logoUrl
      ? `<header>${business.logoUrl ? `<img src="${escapeHtml(business.logoUrl)}" alt="" height="40" />` : ''}${business.name ? `<span>${escapeHtml(business.name)}</span>` : ''}</header>`
      : '';
  return renderDocument({
    locale,
    title,
    head: [GONE_PAGE_STYLE],
    body: `${header}<main>
      <section aria-labelledby="gone-title">
        ${NEUTRAL_ICON}
        <h1 id="gone-title">${escapeHtml(title)}</h1>
        <p>${escapeHtml(body)}</p>
      </section>
    </main>
    <footer>${escapeHtml(TEXT.sentWith)}</footer>`,
  });
}
