// The mail that tells the owner a client answered on a link: an approval, or something not right.
// In the owner's language, with a link to the report in the app.
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { Locale } from '../../shared/preferences.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { MailMessage } from '../mail/mailer.js';
import { BRAND_COLOUR } from '../mail/brand-logo.js';

export type OwnerNotice = { kind: 'approved'; name: string; rating: number | null; comment: string | null } | { kind: 'issue'; note: string };

const WORDS: Record<Locale, { approved: (name: string) => string; issue: string; rating: string; open: string }> = {
  en: { approved: (name) => `${name} approved the report`, issue: 'A client says something is not right', rating: 'Rating', open: 'Open the report' },
  es: { approved: (name) => `${name} ha aprobado el informe`, issue: 'Un cliente dice que algo no está bien', rating: 'Valoración', open: 'Abrir el informe' },
};

export function composeOwnerNotice(to: string, locale: Locale, reportTitle: string, reportUrl: string, notice: OwnerNotice): MailMessage {
  const words = WORDS[locale];
  const heading = notice.kind === 'approved' ? words.approved(notice.name) : words.issue;
  const lines =
    notice.kind === 'approved'
      ? [
          ...(notice.rating ? [`${words.rating}: ${'★'.repeat(notice.rating)}${'☆'.repeat(5 - notice.rating)}`] : []),
          ...(notice.comment ? [notice.comment] : []),
        ]
      : [notice.note];
  const subject = reportTitle ? `${heading}: ${reportTitle}` : heading;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background-color:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${reportTitle ? `<p style="margin:0 0 12px;font-weight:700">${escapeHtml(reportTitle)}</p>` : ''}
${lines.map((line) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:20px 0 0"><a href="${escapeHtml(reportUrl)}" style="display:inline-block;padding:12px 24px;background-color:${BRAND_COLOUR};color:#ffffff;border-radius:10px;text-decoration:none;font-weight:700">${escapeHtml(words.open)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#475569">${PRODUCT_NAME}</p>
</body></html>`;
  return { to, subject, text: [heading, reportTitle, '', ...lines, '', `${words.open}: ${reportUrl}`].join('\n'), html };
}
