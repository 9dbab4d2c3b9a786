// The password reset message, in the user's language (users.locale). The link is
// APP_URL/reset-password?token=…. The app's own look (its logo, name and colour; no business's,
// as the reset is about the person's account): an HTML part laid out with tables and inline
// styles, which mail apps keep, and a plain-text part with the same words for those that show text.
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { Locale } from '../../shared/preferences.js';
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../lib/escape-html.js';
import { BRAND_LOGO_CID, BRAND_LOGO_SIZE, brandLogoPng } from './brand-logo.js';
import { MAIL_TEXT, mailButtonWithFallback, mailDocument } from './mail-layout.js';

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

function resetMailHtml(words: ResetMailWords, link: string, locale: Locale): string {
  const logoImg = `<img src="cid:${BRAND_LOGO_CID}" width="${BRAND_LOGO_SIZE}" height="${BRAND_LOGO_SIZE}" alt="" style="display:block;border:0">`;
  const body = `<h1 style="${MAIL_TEXT.heading}">${escapeHtml(words.heading)}</h1>
<p style="${MAIL_TEXT.paragraph}">${escapeHtml(words.greeting)}</p>
<p style="${MAIL_TEXT.paragraph}">${escapeHtml(words.asked)} ${escapeHtml(words.openWithin)}</p>
${mailButtonWithFallback(link, words.linkText, words.orPaste)}
<p style="${MAIL_TEXT.small}">${escapeHtml(words.worksOnce)}</p>
<p style="${MAIL_TEXT.signature}">${escapeHtml(words.signature)}</p>`;
  return mailDocument({ locale, title: words.subject, preheader: words.openWithin, logoImg, name: PRODUCT_NAME, body });
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
