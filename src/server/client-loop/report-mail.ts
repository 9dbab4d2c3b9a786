// The report a business emails its client, in the owner's language: from the business's name,
// answers to the owner, the logo and the owner's message, a "View your report" button to the client
// link, and the PDF attached when it is small enough (otherwise the link alone). An HTML part laid out
// with tables and inline styles (what mail apps keep) and a plain-text part with the same words.
import type { Locale } from '../../shared/preferences.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { MailAttachment, MailMessage } from '../mail/mailer.js';
import { BRAND_COLOUR } from '../mail/brand-logo.js';
import { MAIL_TEXT, mailButtonWithFallback, mailDocument } from '../mail/mail-layout.js';

interface ReportMailWords {
  subject: (business: string) => string;
  intro: (business: string) => string;
  button: string;
  orPaste: string;
  attached: string;
  tooLarge: string;
  replyNote: string;
}

const WORDS: Record<Locale, ReportMailWords> = {
  en: {
    subject: (business) => `Your before & after report from ${business}`,
    intro: (business) => `${business} has sent you the before and after photos of your job.`,
    button: 'View your report',
    orPaste: 'If the button does not work, copy this link into your browser:',
    attached: 'The report is also attached as a PDF.',
    tooLarge: 'The PDF is too large to attach; you can download it from the report page.',
    replyNote: 'Reply to this email to reach the business directly.',
  },
  es: {
    subject: (business) => `Tu informe de antes y después de ${business}`,
    intro: (business) => `${business} te ha enviado las fotos de antes y después de tu trabajo.`,
    button: 'Ver tu informe',
    orPaste: 'Si el botón no funciona, copia este enlace en tu navegador:',
    attached: 'El informe también va adjunto en PDF.',
    tooLarge: 'El PDF es demasiado grande para adjuntarlo; puedes descargarlo desde la página del informe.',
    replyNote: 'Responde a este correo para escribir directamente a la empresa.',
  },
};

export function reportMailSubject(locale: Locale, business: string): string {
  return WORDS[locale].subject(business);
}

export interface ReportMailInput {
  to: string;
  business: string;
  /** Who the client's reply reaches; none for a member who has no email. */
  replyTo: string | undefined;
  messageId: string;
  locale: Locale;
  link: string;
  message: string | undefined;
  /** The business logo, shown from inside the message (cid), or null. */
  logo: { content: Buffer; contentType: string } | null;
  /** The PDF to attach, or null when it is too large (or cannot be built). */
  pdf: { filename: string; content: Buffer } | null;
}

const LOGO_CID = 'business-logo@cleanproof';

export function composeReportMail(input: ReportMailInput): MailMessage {
  const words = WORDS[input.locale];
  const subject = words.subject(input.business);
  const pdfLine = input.pdf ? words.attached : words.tooLarge;
  const text = [
    input.business,
    '',
    words.intro(input.business),
    ...(input.message ? ['', input.message] : []),
    '',
    `${words.button}: ${input.link}`,
    '',
    pdfLine,
    words.replyNote,
  ].join('\n');
  const attachments: MailAttachment[] = [];
  if (input.logo) attachments.push({ filename: 'logo', content: input.logo.content, contentType: input.logo.contentType, cid: LOGO_CID });
  if (input.pdf) attachments.push({ filename: input.pdf.filename, content: input.pdf.content, contentType: 'application/pdf' });
  return {
    to: input.to,
    fromName: input.business,
    replyTo: input.replyTo,
    messageId: input.messageId,
    subject,
    text,
    html: reportMailHtml(input, words, subject, pdfLine),
    attachments,
  };
}

function reportMailHtml(input: ReportMailInput, words: ReportMailWords, subject: string, pdfLine: string): string {
  const logoImg = input.logo ? `<img src="cid:${LOGO_CID}" height="48" alt="" style="display:block;border:0;max-height:48px;width:auto">` : '';
  // The owner's message keeps its line breaks.
  const message = input.message
    ? `<p style="${MAIL_TEXT.paragraph};white-space:pre-line;border-left:3px solid ${BRAND_COLOUR};padding-left:12px">${escapeHtml(input.message)}</p>\n`
    : '';
  const body = `<p style="${MAIL_TEXT.paragraph}">${escapeHtml(words.intro(input.business))}</p>
${message}${mailButtonWithFallback(input.link, words.button, words.orPaste)}
<p style="${MAIL_TEXT.small}">${escapeHtml(pdfLine)}</p>
<p style="${MAIL_TEXT.small}">${escapeHtml(words.replyNote)}</p>`;
  return mailDocument({ locale: input.locale, title: subject, logoImg, name: input.business, body });
}
