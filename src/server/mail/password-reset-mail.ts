// The password reset message, in the user's language (users.locale, issue 15). The link is
// APP_URL/reset-password?token=… (issue 2).
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { Locale } from '../../shared/preferences.js';
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../lib/escape-html.js';

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

interface ResetMailWords {
  subject: string;
  greeting: string;
  asked: string;
  openWithin: string;
  linkText: string;
  worksOnce: string;
  signature: string;
}

const WORDS: Record<Locale, ResetMailWords> = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: 'Hello,',
    asked: `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    openWithin: 'Open this link within one hour to choose a new password:',
    linkText: 'Reset your password',
    worksOnce: 'The link works once. If you did not ask for this, you can ignore this email; your password stays the same.',
    signature: `The ${PRODUCT_NAME} team`,
  },
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    greeting: 'Hola:',
    asked: `Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de ${PRODUCT_NAME}.`,
    openWithin: 'Abre este enlace antes de una hora para elegir una contraseña nueva:',
    linkText: 'Restablecer la contraseña',
    worksOnce: 'El enlace solo funciona una vez. Si no lo has pedido tú, puedes ignorar este correo; tu contraseña no cambia.',
    signature: `El equipo de ${PRODUCT_NAME}`,
  },
};

export function composePasswordResetMail(to: string, link: string, locale: Locale = 'en'): MailMessage {
  const words = WORDS[locale];
  const text = [words.greeting, '', words.asked, words.openWithin, '', link, '', words.worksOnce, '', words.signature].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body>
<p>${words.greeting}</p>
<p>${words.asked} ${words.openWithin}</p>
<p><a href="${escapeHtml(link)}">${words.linkText}</a></p>
<p>${words.worksOnce}</p>
<p>${words.signature}</p>
</body></html>`;
  return { to, subject: words.subject, text, html };
}

