// POST /api/projects/{id}/send: the business emails its client the report through the app's mailer.
// The link is the one given (live, of this report) or a new 30-day one; at most 20 sends per report
// in 24 hours, counted under the report's row lock so a parallel burst gets no further.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { MAIL_PDF_MAX_BYTES, MAX_SENDS_PER_PROJECT_PER_DAY, SEND_LINK_DAYS, type SendProjectBody } from '../../shared/contract/client-answers.js';
import { toLocale } from '../../shared/preferences.js';
import { defaultReportFilename } from '../../shared/report-filename.js';
import { DAY_MS } from '../../shared/rules.js';
import type { Database } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { Tx } from '../projects/projects.service.js';
import { photoPairs, projects, projectSends, shareLinks, type ProjectRow, type ProjectSendRow, type ShareLinkRow, type UserRow } from '../db/schema.js';
import { conflict, notFound, serviceUnavailable, tooManyRequests } from '../lib/http-errors.js';
import { logoContentType } from '../account/business-logo.js';
import { renderProjectReportPdf } from '../projects/report-pdf.service.js';
import { createShareLink } from '../share-links/share-links.service.js';
import { sharedPageUrl } from '../share-links/share-link-view.js';
import { composeReportMail } from './report-mail.js';

interface SendDeps {
  db: Database;
  photoStore: PhotoStore;
  mailer: Mailer;
  config: Pick<AppConfig, 'appUrl'>;
  clock: () => Date;
}

export async function sendProjectReport(deps: SendDeps, owner: UserRow, project: ProjectRow, body: SendProjectBody): Promise<ProjectSendRow> {
  const { db, clock } = deps;
  const business = owner.businessName?.trim();
  if (!business) throw conflict('no_business_name');
  const [pairs] = await db.select({ n: count() }).from(photoPairs).where(eq(photoPairs.projectId, project.id));
  if (!pairs?.n) throw conflict('no_pairs_to_share');
  // Checked before a new link is made, and again under the lock below.
  await assertSendsLeft(db, project.id, clock());

  const link =
    body.linkId === undefined ? await createShareLink(db, project.id, SEND_LINK_DAYS, clock()) : await requireLiveLinkOf(deps, project.id, body.linkId);
  const sentAt = clock();
  const messageId = `<${randomUUID()}@${new URL(deps.config.appUrl).hostname}>`;
  const send = await db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    await assertSendsLeft(tx, project.id, sentAt);
    const [row] = await tx.insert(projectSends).values({ projectId: project.id, shareLinkId: link.id, toEmail: body.to, sentAt, messageId }).returning();
    if (!row) throw new Error('Insert returned no send');
    return row;
  });

  const locale = toLocale(owner.locale);
  const [pdf, logo] = await Promise.all([
    renderProjectReportPdf(deps, owner, project),
    owner.businessLogoKey ? deps.photoStore.get(owner.businessLogoKey) : Promise.resolve(null),
  ]);
  const filename = `${defaultReportFilename(project.clientName, sentAt, locale, owner.timeZone)}.pdf`;
  const mail = composeReportMail({
    to: body.to,
    business,
    replyTo: owner.email ?? undefined,
    messageId,
    locale,
    link: sharedPageUrl(deps.config.appUrl, link.token),
    message: body.message || undefined,
    logo: logo && owner.businessLogoKey ? { content: logo, contentType: logoContentType(owner.businessLogoKey) } : null,
    pdf: pdf.byteLength <= MAIL_PDF_MAX_BYTES ? { filename, content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) } : null,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    // Not sent: it does not count against the day's sends, and the owner is told to try again.
    await db.delete(projectSends).where(eq(projectSends.id, send.id));
    throw Object.assign(serviceUnavailable('mail_not_sent').retryAfter(60), { cause: error });
  }
  return send;
}

async function assertSendsLeft(db: Database | Tx, projectId: number, now: Date): Promise<void> {
  const [sent] = await db
    .select({ n: count() })
    .from(projectSends)
    .where(and(eq(projectSends.projectId, projectId), gt(projectSends.sentAt, new Date(now.getTime() - DAY_MS))));
  if ((sent?.n ?? 0) >= MAX_SENDS_PER_PROJECT_PER_DAY) throw tooManyRequests('report_sends_limited', 3600, { max: MAX_SENDS_PER_PROJECT_PER_DAY });
}

async function requireLiveLinkOf({ db, clock }: Pick<SendDeps, 'db' | 'clock'>, projectId: number, linkId: number): Promise<ShareLinkRow> {
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.projectId, projectId)))
    .limit(1);
  if (!link) throw notFound('link_not_found');
  if (link.revokedAt || link.expiresAt.getTime() <= clock().getTime()) throw conflict('link_not_live');
  return link;
}
