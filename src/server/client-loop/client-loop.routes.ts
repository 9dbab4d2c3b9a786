// The owner's side of the client's answers: email a report (send), its activity, resolving an
// issue and seeing its photo, and the account's re-clean window and review link. Another
// account's report or issue is a 404.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ClientAnswerSettings } from '../../shared/contract/client-answers.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { users, type UserRow } from '../db/schema.js';
import { addRoute } from '../lib/add-route.js';
import { notFound } from '../lib/http-errors.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { requireActiveAccess } from '../billing/access.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { listActivity } from './activity.service.js';
import { findOwnedIssue, resolveIssue, toClientIssue } from '../client-answers/client-answers.service.js';
import { sendProjectReport } from './send-report.service.js';

const toSettings = (user: UserRow): ClientAnswerSettings => ({ reCleanWindowHours: user.reCleanWindowHours, reviewUrl: user.reviewUrl });

export const clientLoopRoutes: FastifyPluginAsync = async (app) => {
  const { db, photoStore, clock } = app.deps;

  addRoute(app, api.sendProject, async ({ user, params, body, request, reply }) => {
    const project = await findOwnedProject(db, user, params.id);
    await requireActiveAccess(request, user);
    const send = await sendProjectReport(app.deps, user, project, body);
    return reply.code(202).send({ id: send.id, sentAt: send.sentAt.toISOString(), linkId: send.shareLinkId });
  });

  addRoute(app, api.getProjectActivity, async ({ user, params }) => listActivity(db, await findOwnedProject(db, user, params.id)));

  addRoute(app, api.resolveIssue, async ({ user, params, body }) => {
    const issue = await resolveIssue(db, await findOwnedIssue(db, user, params.id), body.note, clock());
    return toClientIssue(issue, `/api/issues/${issue.id}/photo`);
  });

  addRoute(app, api.getIssuePhoto, async ({ user, params, request, reply }) => {
    const issue = await findOwnedIssue(db, user, params.id);
    const bytes = issue.photoKey ? await photoStore.get(issue.photoKey) : null;
    if (!issue.photoKey || !bytes) throw notFound('issue_photo_missing');
    return sendRevalidated(request, reply, `"issue-${issue.id}"`, 'image/jpeg', bytes);
  });

  addRoute(app, api.getClientAnswerSettings, async ({ user }) => toSettings(user));

  addRoute(app, api.updateClientAnswerSettings, async ({ user, body }) => {
    const [updated] = await db
      .update(users)
      .set({
        ...(body.reCleanWindowHours === undefined ? {} : { reCleanWindowHours: body.reCleanWindowHours }),
        ...(body.reviewUrl === undefined ? {} : { reviewUrl: body.reviewUrl || null }),
      })
      // Kept on the business's account row, like its name and logo.
      .where(eq(users.id, user.accountId))
      .returning();
    if (!updated) throw notFound('account_missing');
    return toSettings(updated);
  });
};
