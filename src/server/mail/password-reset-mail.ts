// The password reset message, in the user's language (users.locale). The link is
// APP_URL/reset-password?token=…. The app's own look (its logo, name and colour; no business's,
// as the reset is about the person's account): an HTML part laid out with tables and inline
// styles, which mail apps keep, and a plain-text part with the same words for those that show text.
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { Locale } from '../../shared/preferences.js';
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../lib/escape-html.js';
import { BRAND_COLOUR, BRAND_LOGO_CID, BRAND_LOGO_SIZE, brandLogoPng } from './brand-logo.js';

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

interface ResetMailWords {
  subject: string;
  heading: string;
  greeting: string;
  asked: string;
  openWithin: string;
  linkText: string;
  orPaste: string;
  worksOnce: string;
  signature: string;
}

const WORDS: Record<Locale, ResetMailWords> = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    heading: 'Reset your password',
    greeting: 'Hello,',
    asked: `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    openWithin: 'Open this link within one hour to choose a new password:',
    linkText: 'Reset your password',
    orPaste: 'If the button does not work, copy this link into your browser:',
    worksOnce: 'The link works once. If you did not ask for this, you can ignore this email; your password stays the same.',
    signature: `The ${PRODUCT_NAME} team`,
  },
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    heading: 'Restablece tu contraseña',
    greeting: 'Hola:',
    asked: `Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de ${PRODUCT_NAME}.`,
    openWithin: 'Abre este enlace antes de una hora para elegir una contraseña nueva:',
    linkText: 'Restablecer la contraseña',
    orPaste: 'Si el botón no funciona, copia este enlace en tu navegador:',
    worksOnce: 'El enlace solo funciona una vez. Si no lo has pedido tú, puedes ignorar este correo; tu contraseña no cambia.',
    signature: `El equipo de ${PRODUCT_NAME}`,
  },
};

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function resetMailHtml(words: ResetMailWords, link: string, locale: Locale): string {
  const href = escapeHtml(link);
  const paragraph = `margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#0f172a`;
  const small = `margin:0 0 12px;${FONT};font-size:13px;line-height:20px;color:#475569`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(words.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(words.openWithin)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 0 20px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="padding:0 12px 0 0"><img src="cid:${BRAND_LOGO_CID}" width="${BRAND_LOGO_SIZE}" height="${BRAND_LOGO_SIZE}" alt="" style="display:block;border:0"></td>
<td style="${FONT};font-size:22px;font-weight:700;color:#0f172a">${PRODUCT_NAME}</td>
</tr></table>
</td></tr>
<tr><td style="background-color:#ffffff;border-radius:16px;padding:32px 28px">
<h1 style="margin:0 0 20px;${FONT};font-size:24px;line-height:32px;font-weight:700;color:#0f172a">${escapeHtml(words.heading)}</h1>
<p style="${paragraph}">${escapeHtml(words.greeting)}</p>
<p style="${paragraph}">${escapeHtml(words.asked)} ${escapeHtml(words.openWithin)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:10px;background-color:${BRAND_COLOUR}"><a href="${href}" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(words.linkText)}</a></td>
</tr></table>
<p style="${small}">${escapeHtml(words.orPaste)}<br><a href="${href}" style="color:${BRAND_COLOUR};word-break:break-all">${href}</a></p>
<p style="${small}">${escapeHtml(words.worksOnce)}</p>
<p style="margin:24px 0 0;${FONT};font-size:16px;line-height:24px;color:#0f172a">${escapeHtml(words.signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export async function composePasswordResetMail(to: string, link: string, locale: Locale = 'en'): Promise<MailMessage> {
  const words = WORDS[locale];
  const text = [
    PRODUCT_NAME,
    '',
    words.heading,
    '',
    words.greeting,
    '',
    words.asked,
    words.openWithin,
    '',
    link,
    '',
    words.worksOnce,
    '',
    words.signature,
  ].join('\n');
  return {
    to,
    subject: words.subject,
    text,
    html: resetMailHtml(words, link, locale),
    attachments: [{ filename: 'logo.png', content: await brandLogoPng(), contentType: 'image/png', cid: BRAND_LOGO_CID }],
  };
}
