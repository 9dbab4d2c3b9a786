// The app's logo for mail, sent inside the message (Content-ID) rather than linked: mail apps show
// an attached picture without asking, where they hold back one from a server.
import sharp from 'sharp';

/** The drawing of the app's icon (src/web/public/icon.svg is the same drawing; a test keeps them equal). */
export const BRAND_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M18 33l9 9 19-20" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="48" cy="16" r="4" fill="#99f6e4"/></svg>';

/** The brand colour of buttons and links. */
export const BRAND_COLOUR = '#0f766e';

export const BRAND_LOGO_CID = 'logo@cleanproof';
/** Shown at 48 px; drawn at twice that for sharp screens. */
export const BRAND_LOGO_SIZE = 48;

let logoPng: Promise<Buffer> | undefined;

/** The logo as a PNG, drawn once per process. */
export function brandLogoPng(): Promise<Buffer> {
  logoPng ??= sharp(Buffer.from(BRAND_MARK_SVG), { density: 300 })
    .resize(BRAND_LOGO_SIZE * 2, BRAND_LOGO_SIZE * 2)
    .png()
    .toBuffer();
  return logoPng;
}
