// Mail goes through nodemailer: to SMTP_URL when set, otherwise into DATA_DIR/outbox as .eml files.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent inside the message; with `cid`, a picture the HTML shows as `cid:…`. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface MailMessage {
  to: string;
  /** The sender's display name (a business mailing its client); the address stays MAIL_FROM's. */
  fromName?: string;
  /** Where answers go: the owner's own address when a business mails its client. */
  replyTo?: string;
  /** The Message-ID, `<id@app-domain>`; nodemailer makes one when none is given. */
  messageId?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}

/** MAIL_FROM's address: `Name <a@b>` or a bare address. */
export function mailFromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** nodemailer's fields for a message: MAIL_FROM, or its address under the message's own name. */
function envelopeOf(from: string, { fromName, ...message }: MailMessage) {
  return { ...message, from: fromName ? { name: fromName, address: mailFromAddress(from) } : from };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelopeOf(options.from, message));
      },
      close: () => transport.close(),
    };
  }
  // No SMTP: compose the real RFC 822 message and keep it as a file a developer can open.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelopeOf(options.from, message));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
    close: () => transport.close(),
  };
}
