// Everything the client link's page says (issue 14), in one place: the server writes the title,
// the link preview and the expired, withdrawn and unknown pages with it; the page /r/{token}
// shows the rest. Kept apart from the components so the page can be translated (issue 15).
import { PRODUCT_NAME } from './rules.js';

export type GoneLinkState = 'expired' | 'revoked' | 'unknown';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const SHARED_REPORT_TEXT = {
  language: 'en',
  /** The tab's title and the preview's title (og:title): who sends it, and for whom. */
  title(businessName: string, clientName: string): string {
    const photos = clientName ? `Before and after photos for ${clientName}` : 'Before and after photos';
    return businessName ? `${photos} from ${businessName}` : photos;
  },
  previewDescription: (pairCount: number) => `${plural(pairCount, 'before-and-after photo pair', 'before-and-after photo pairs')}. Tap to compare.`,
  previewImageAlt: 'The after photo of the first pair',

  eyebrow: 'Before & after report',
  untitledReport: 'Before and after photos',
  logoAlt: (businessName: string) => (businessName ? `${businessName} logo` : 'Business logo'),
  reportDate: (date: string) => `Created ${date}`,
  downloadPdf: 'Download PDF',
  pairsHeading: (count: number) => plural(count, 'before-and-after pair', 'before-and-after pairs'),
  compareHint: 'Drag the line, tap the photo or use the arrow keys to compare.',
  pairLabel: (number: number, count: number) => `Pair ${number} of ${count}`,
  before: 'Before',
  after: 'After',
  sliderLabel: (number: number) => `Before and after, pair ${number}`,
  sliderValueText: (beforePercent: number) => `${beforePercent}% before, ${100 - beforePercent}% after`,
  viewFullPhoto: (which: 'before' | 'after') => (which === 'before' ? 'Full before photo' : 'Full after photo'),
  fullPhotoTitle: (which: 'before' | 'after', number: number) => `${which === 'before' ? 'Before' : 'After'} photo, pair ${number}`,
  close: 'Close',
  noPairs: 'No photos have been added to this report yet.',
  loading: 'Loading the report…',
  loadFailed: 'The report could not be loaded. Check the connection and try again.',
  retry: 'Try again',
  sentWith: `Sent with ${PRODUCT_NAME}`,

  /** The 410 and 404 pages (and the API's messages): what happened, and to ask for a new link. */
  gone: {
    expired: { title: 'This link has expired', body: 'Ask the business that sent it to you for a new link.' },
    revoked: { title: 'This link was withdrawn', body: 'The business that sent it has withdrawn it. Ask them for a new link.' },
    unknown: { title: 'This link does not exist', body: 'Check that the whole address was copied, or ask the business that sent it for a new link.' },
  } satisfies Record<GoneLinkState, { title: string; body: string }>,
} as const;

/** The API's { message } for a link that no longer works or never did. */
export function goneLinkMessage(state: GoneLinkState): string {
  const { title, body } = SHARED_REPORT_TEXT.gone[state];
  return `${title}. ${body}`;
}
