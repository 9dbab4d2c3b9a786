// A real SMTP server in the test process (smtp-server on a random loopback port): the app sends
// through SMTP_URL as in production, and tests read back each message as it arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The SMTP login the sender used, when the server asks for one. */
  user: string | undefined;
  raw: string;
}

export interface SmtpCapture {
  /** SMTP_URL for the app. */
  url: string;
  received: CapturedMail[];
  /** The first message to this address; waits up to `timeoutMs` for it. */
  waitForMailTo(address: string, options?: { timeoutMs?: number; after?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** Require this login (plain SMTP on loopback, so without TLS); without it any sender is taken. */
  credentials?: { user: string; pass: string };
}

export async function startSmtpCapture({ credentials }: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust.
    hideSTARTTLS: true,
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    // Large enough for a report PDF attached as base64.
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const login = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
  return {
    url: `smtp://${login}127.0.0.1:${port}`,
    received,
    async waitForMailTo(address, { timeoutMs = 10_000, after = 0 } = {}) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mail = received.slice(after).find((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The SMTP server received no mail to ${address}`);
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
