// Tells the owner of a client's answer right after it is stored. The client waits for the mail a
// few seconds at most (a slow mail server never holds their answer); past that it goes on in the
// background. The row is marked once the mail has gone; a mail that fails is logged and the row
// stays unmarked.
import type { FastifyBaseLogger } from 'fastify';
import { toLocale } from '../../shared/preferences.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import { markOwnerNotified } from './client-answers.service.js';
import { composeOwnerNotice, type OwnerNotice } from './owner-notice-mail.js';

/** How long the client's request waits for the owner's mail before answering anyway. */
const WAIT_MS = 3000;

export async function notifyOwner(
  deps: { db: Database; mailer: Mailer; config: Pick<AppConfig, 'appUrl'>; clock: () => Date },
  log: FastifyBaseLogger,
  owner: UserRow,
  project: ProjectRow,
  answer: { kind: 'approval' | 'issue'; id: number },
  notice: OwnerNotice,
): Promise<void> {
  if (!owner.email) return;
  const title = [project.clientName, project.description].filter(Boolean).join(' · ');
  const mail = composeOwnerNotice(owner.email, toLocale(owner.locale), title, `${deps.config.appUrl}/?project=${project.id}`, notice);
  const sent = deps.mailer
    .send(mail)
    .then(() => markOwnerNotified(deps.db, answer.kind, [answer.id], deps.clock()))
    .catch((error: unknown) => log.error({ err: error, projectId: project.id }, 'Could not tell the owner of a client answer'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([sent, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
  clearTimeout(timer);
}
