// The password reset message. The link is APP_URL/reset-password?token=… (issue 2).
import { PRODUCT_NAME } from '../../shared/rules.js';
import type { MailMessage } from './mailer.js';

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function composePasswordResetMail(to: string, link: string): MailMessage {
  const text = [
    'Hello,',
    '',
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, you can ignore this email; your password stays the same.',
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once. If you did not ask for this, you can ignore this email; your password stays the same.</p>
<p>The ${PRODUCT_NAME} team</p>`;
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
