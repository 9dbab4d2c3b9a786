// Everything the client link's page says, in one place: the server writes the title,
// the link preview and the expired, withdrawn and unknown pages with it; the page /r/{token}
// shows the rest. In the report owner's language (users.locale): the server writes it
// into <html lang>, and the page reads it from there. A plain typed object per language rather
// than the app's Lingui catalogues: the page is a ~15 KB Preact build that should not carry them;
// the type keeps both languages' keys and placeholders in step (and shared-report-text.test.ts).
import type { Locale } from './preferences.js';
import { PRODUCT_NAME } from './rules.js';

export type GoneLinkState = 'expired' | 'revoked' | 'unknown';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface SharedReportText {
  title(businessName: string, clientName: string): string;
  previewDescription: (pairCount: number) => string;
  previewImageAlt: string;
  eyebrow: string;
  untitledReport: string;
  logoAlt: (businessName: string) => string;
  reportDate: (date: string) => string;
  downloadPdf: string;
  pairsHeading: (count: number) => string;
  compareHint: string;
  pairLabel: (number: number, count: number) => string;
  before: string;
  after: string;
  sliderLabel: (number: number) => string;
  sliderValueText: (beforePercent: number) => string;
  viewFullPhoto: (which: 'before' | 'after') => string;
  fullPhotoTitle: (which: 'before' | 'after', number: number) => string;
  close: string;
  noPairs: string;
  loading: string;
  loadFailed: string;
  retry: string;
  sentWith: string;
  gone: Record<GoneLinkState, { title: string; body: string }>;
  /** An area's heading count: "2 of 2" (pairs, of the pairs its minimums ask for). */
  areaCount: (pairs: number, required: number) => string;
  skipped: string;
  skipReasons: Record<'no_access' | 'occupied' | 'not_in_scope' | 'other', string>;
}

export const SHARED_REPORT_TEXT: SharedReportText = {
  /** The tab's title and the preview's title (og:title): who sends it, and for whom. */
  title(businessName: string, clientName: string): string {
    const photos = clientName ? `Before and after photos for ${clientName}` : 'Before and after photos';
    return businessName ? `${photos} from ${businessName}` : photos;
  },
  previewDescription: (pairCount: number) => `${plural(pairCount, 'before-and-after photo pair', 'before-and-after photo pairs')}. Tap to compare.`,
  previewImageAlt: 'The first pair: the before photo beside the after photo',

  eyebrow: 'Before & after report',
  untitledReport: 'Before and after photos',
  logoAlt: (businessName: string) => (businessName ? `${businessName} logo` : 'Business logo'),
  reportDate: (date: string) => `Created ${date}`,
  downloadPdf: 'Download PDF',
  pairsHeading: (count: number) => plural(count, 'before-and-after pair', 'before-and-after pairs'),
  areaCount: (pairs, required) => `${pairs} of ${required}`,
  skipped: 'Skipped',
  skipReasons: { no_access: 'No access', occupied: 'Occupied', not_in_scope: 'Not in scope', other: 'Other' },
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
  },
};

const SPANISH: SharedReportText = {
  title(businessName: string, clientName: string): string {
    const photos = clientName ? `Fotos del antes y el después para ${clientName}` : 'Fotos del antes y el después';
    return businessName ? `${photos}, de ${businessName}` : photos;
  },
  previewDescription: (pairCount: number) =>
    `${plural(pairCount, 'pareja de fotos de antes y después', 'parejas de fotos de antes y después')}. Toca para comparar.`,
  previewImageAlt: 'La primera pareja: la foto del antes junto a la del después',

  eyebrow: 'Informe de antes y después',
  untitledReport: 'Fotos del antes y el después',
  logoAlt: (businessName: string) => (businessName ? `Logotipo de ${businessName}` : 'Logotipo de la empresa'),
  reportDate: (date: string) => `Creado el ${date}`,
  downloadPdf: 'Descargar PDF',
  pairsHeading: (count: number) => plural(count, 'pareja de antes y después', 'parejas de antes y después'),
  areaCount: (pairs, required) => `${pairs} de ${required}`,
  skipped: 'Omitida',
  skipReasons: { no_access: 'Sin acceso', occupied: 'Ocupada', not_in_scope: 'Fuera del encargo', other: 'Otro motivo' },
  compareHint: 'Arrastra la línea, toca la foto o usa las flechas del teclado para comparar.',
  pairLabel: (number: number, count: number) => `Pareja ${number} de ${count}`,
  before: 'Antes',
  after: 'Después',
  sliderLabel: (number: number) => `Antes y después, pareja ${number}`,
  sliderValueText: (beforePercent: number) => `${beforePercent} % antes, ${100 - beforePercent} % después`,
  viewFullPhoto: (which: 'before' | 'after') => (which === 'before' ? 'Foto del antes completa' : 'Foto del después completa'),
  fullPhotoTitle: (which: 'before' | 'after', number: number) => `Foto del ${which === 'before' ? 'antes' : 'después'}, pareja ${number}`,
  close: 'Cerrar',
  noPairs: 'Todavía no se han añadido fotos a este informe.',
  loading: 'Cargando el informe…',
  loadFailed: 'No se ha podido cargar el informe. Revisa la conexión y vuelve a intentarlo.',
  retry: 'Reintentar',
  sentWith: `Enviado con ${PRODUCT_NAME}`,

  gone: {
    expired: { title: 'Este enlace ha caducado', body: 'Pide un enlace nuevo a la empresa que te lo envió.' },
    revoked: { title: 'Este enlace se ha retirado', body: 'La empresa que te lo envió lo ha retirado. Pídele un enlace nuevo.' },
    unknown: { title: 'Este enlace no existe', body: 'Comprueba que copiaste la dirección completa o pide un enlace nuevo a la empresa que te lo envió.' },
  },
};

export const SHARED_REPORT_TEXTS: Record<Locale, SharedReportText> = { en: SHARED_REPORT_TEXT, es: SPANISH };

/** The client link page's words in a language (the report owner's). */
export function sharedReportText(locale: Locale): SharedReportText {
  return SHARED_REPORT_TEXTS[locale];
}

/** The API's { message } (English, like every API message) for a link that no longer works or never did. */
export function goneLinkMessage(state: GoneLinkState): string {
  const { title, body } = SHARED_REPORT_TEXT.gone[state];
  return `${title}. ${body}`;
}
