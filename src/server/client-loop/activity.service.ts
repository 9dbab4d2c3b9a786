// GET /api/projects/{id}/activity: what happened to a report, newest first, read from the rows
// that record it (the report, its links, sends, opens, approvals and issues): one source of truth.
import { eq } from 'drizzle-orm';
import { ACTIVITY_TYPES, type ActivityEvent } from '../../shared/contract/client-answers.js';
import type { Database } from '../db/client.js';
import { clientIssues, projectApprovals, projectSends, shareLinks, type ProjectRow } from '../db/schema.js';

export async function listActivity(db: Database, project: ProjectRow): Promise<ActivityEvent[]> {
  const [links, sends, approvals, issues] = await Promise.all([
    db.select().from(shareLinks).where(eq(shareLinks.projectId, project.id)),
    db.select().from(projectSends).where(eq(projectSends.projectId, project.id)),
    db.select().from(projectApprovals).where(eq(projectApprovals.projectId, project.id)),
    db.select().from(clientIssues).where(eq(clientIssues.projectId, project.id)),
  ]);
  const events: ActivityEvent[] = [{ type: 'created', at: project.createdAt.toISOString(), detail: {} }];
  for (const link of links) {
    events.push({ type: 'link_created', at: link.createdAt.toISOString(), detail: { linkId: link.id, expiresAt: link.expiresAt.toISOString() } });
    // The first open of each link, with how many visits there have been since.
    if (link.firstOpenedAt) {
      events.push({
        type: 'link_opened',
        at: link.firstOpenedAt.toISOString(),
        detail: { linkId: link.id, device: link.firstOpenDevice, count: link.openCount, lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null },
      });
    }
  }
  for (const send of sends) events.push({ type: 'email_sent', at: send.sentAt.toISOString(), detail: { to: send.toEmail, linkId: send.shareLinkId } });
  for (const approval of approvals) {
    events.push({
      type: 'approved',
      at: approval.approvedAt.toISOString(),
      actor: approval.name,
      detail: { rating: approval.rating, reportVersion: approval.reportVersion },
    });
  }
  for (const issue of issues) {
    events.push({ type: 'issue_reported', at: issue.createdAt.toISOString(), detail: { issueId: issue.id, pairId: issue.pairId, note: issue.note } });
    if (issue.resolvedAt)
      events.push({ type: 'issue_resolved', at: issue.resolvedAt.toISOString(), detail: { issueId: issue.id, note: issue.resolutionNote } });
  }
  // Newest first; at the same instant, the later step of the story first (the order of ACTIVITY_TYPES).
  return events.sort((a, b) => b.at.localeCompare(a.at) || ACTIVITY_TYPES.indexOf(b.type) - ACTIVITY_TYPES.indexOf(a.type));
}
