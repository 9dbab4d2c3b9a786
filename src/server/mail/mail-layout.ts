// The one look of every message the app sends: a grey page, a header row (a logo and a name), a
// white card, a brand-coloured button and a copy-this-link line. Tables and inline styles, because
// that is what mail apps keep. Each message supplies its words and escaped body.
import type { Locale } from '../../shared/preferences.js';
import { escapeHtml } from '../lib/escape-html.js';
import { BRAND_COLOUR } from './brand-logo.js';

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Inline styles of the card's text. */
export const MAIL_TEXT = {
  heading: `margin:0 0 20px;${FONT};font-size:24px;line-height:32px;font-weight:700;color:#0f172a`,
  paragraph: `margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#0f172a`,
  small: `margin:0 0 12px;${FONT};font-size:13px;line-height:20px;color:#475569`,
  signature: `margin:24px 0 0;${FONT};font-size:16px;line-height:24px;color:#0f172a`,
} as const;

export interface MailDocument {
  locale: Locale;
  title: string;
  /** The line mail apps show beside the subject in the inbox. */
  preheader?: string;
  /** The header row: the logo's `<img>` (or nothing) and the name beside it. */
  logoImg: string;
  name: string;
  /** The card's HTML, already escaped. */
  body: string;
}

export function mailDocument({ locale, title, preheader, logoImg, name, body }: MailDocument): string {
  const preheaderDiv = preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>\n` : '';
  const logoCell = logoImg ? `<td style="padding:0 12px 0 0">${logoImg}</td>` : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
${preheaderDiv}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 0 20px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
${logoCell}<td style="${FONT};font-size:22px;font-weight:700;color:#0f172a">${escapeHtml(name)}</td>
</tr></table>
</td></tr>
<tr><td style="background-color:#ffffff;border-radius:16px;padding:32px 28px">
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The brand-coloured button, then the same link as text for mail apps that break buttons. */
export function mailButtonWithFallback(link: string, buttonText: string, orPaste: string): string {
  const href = escapeHtml(link);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:10px;background-color:${BRAND_COLOUR}"><a href="${href}" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(buttonText)}</a></td>
</tr></table>
<p style="${MAIL_TEXT.small}">${escapeHtml(orPaste)}<br><a href="${href}" style="color:${BRAND_COLOUR};word-break:break-all">${href}</a></p>`;
}
