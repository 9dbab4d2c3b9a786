import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

// Reading what a test mail says: undoes quoted-printable (which nodemailer uses for lines over
// 76 characters, such as a reset link) and finds the reset link in it.

/** The message with quoted-printable soft line breaks and =XX escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A reset link with its whole token (32 random bytes, base64url). */
const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_%-])/;

/**
 * The first APP_URL/reset-password?token=… link in a raw message. A part may carry the link with
 * its "=" as is (then "=9B…" must not be read as an escape), or quoted-printable ("=3D9B…"): the
 * first is tried on the raw text, the second once the escapes are undone.
 */
export function findResetLink(rawMessage: string): string {
  const match = RESET_LINK.exec(rawMessage.replace(/=\r?\n/g, '')) ?? RESET_LINK.exec(decodeQuotedPrintable(rawMessage));
  if (!match) throw new Error(`No reset link in the message:\n${rawMessage}`);
  return match[0];
}

/** Waits for the newest .eml in an outbox folder sent to this address (mail goes out after the answer). */
export async function waitForOutboxMail(outboxDir: string, to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  while (Date.now() < deadline) {
    const files = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const full = join(outboxDir, file);
      if (options.after !== undefined && (await stat(full)).mtimeMs < options.after) continue;
      const text = await readFile(full, 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to} in ${outboxDir}`);
}
