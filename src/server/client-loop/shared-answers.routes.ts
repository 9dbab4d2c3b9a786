// The client's answers on a link, without an account: approve the report as shown, or say
// something is not right on a pair (with a point on the after photo, a note, maybe a photo). The
// token is checked before the body is read, so a dead link never makes the server read a photo.
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { SIGNATURE_MAX_LENGTH } from '../../shared/contract/client-answers.js';
import { addRoute } from '../lib/add-route.js';
import { conflict, notFound } from '../lib/http-errors.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../lib/body-limits.js';
import { sendRevalidated } from '../lib/revalidated-reply.js';
import { guardSharedAnswers, requireLiveLink, type SharedAnswerOptions } from '../share-links/shared-access.js';
import { deleteAnswerFile, storeIssuePhoto, storeSignature } from '../client-answers/answer-files.js';
import { insertApproval, insertIssue, reCleanWindowEnd, requirePairOfProject } from '../client-answers/client-answers.service.js';
import { currentReportVersion } from '../client-answers/report-version.js';
import { notifyOwner } from '../client-answers/owner-notifier.js';
import { clientIssues } from '../db/schema.js';
import { and, eq } from 'drizzle-orm';

const APPROVAL_BODY_LIMIT_BYTES = SIGNATURE_MAX_LENGTH + 16 * 1024;

export const sharedAnswerRoutes: FastifyPluginAsync<SharedAnswerOptions> = async (app, options) => {
  const { db, photoStore, clock } = app.deps;
  guardSharedAnswers(app, options);
  const liveLinkFirst = { onRequest: async (request: Parameters<typeof requireLiveLink>[0]) => void (await requireLiveLink(request)) };

  // A drawn signature is up to 200 KB of data URL: more than the default JSON limit.
  addRoute(app, api.approveSharedReport, { ...liveLinkFirst, bodyLimit: APPROVAL_BODY_LIMIT_BYTES }, async ({ body, request, reply }) => {
    const { link, project, owner } = await requireLiveLink(request);
    const reportVersion = await currentReportVersion(app.deps, project);
    const signatureKey = body.signature ? await storeSignature(photoStore, project.id, body.signature) : null;
    let approval;
    try {
      approval = await insertApproval(db, {
        projectId: project.id,
        shareLinkId: link.id,
        name: body.name,
        signatureKey,
        rating: body.rating ?? null,
        comment: body.comment || null,
        reportVersion,
        approvedAt: clock(),
      });
    } catch (error) {
      await deleteAnswerFile(photoStore, signatureKey);
      throw error;
    }
    await notifyOwner(
      app.deps,
      request.log,
      owner,
      project,
      { kind: 'approval', id: approval.id },
      {
        kind: 'approved',
        name: approval.name,
        rating: approval.rating,
        comment: approval.comment,
      },
    );
    return reply.code(201).send({ approvedAt: approval.approvedAt.toISOString(), reportVersion });
  });

  addRoute(app, api.reportSharedIssue, { ...liveLinkFirst, bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, async ({ body, request, reply }) => {
    const { link, project, owner } = await requireLiveLink(request);
    const now = clock();
    const windowEnd = await reCleanWindowEnd(db, owner, project.id);
    // 0 hours: the business takes no issues through its links, even before a first open.
    if (owner.reCleanWindowHours === 0 || (windowEnd && now.getTime() > windowEnd.getTime())) throw conflict('window_closed');
    await requirePairOfProject(db, project.id, body.pairId);
    const photoKey = body.photo ? await storeIssuePhoto(photoStore, project.id, body.photo, owner.timeZone) : null;
    const issue = await insertIssue(db, {
      projectId: project.id,
      shareLinkId: link.id,
      pairId: body.pairId,
      x: body.x,
      y: body.y,
      note: body.note,
      photoKey,
      createdAt: now,
    });
    await notifyOwner(app.deps, request.log, owner, project, { kind: 'issue', id: issue.id }, { kind: 'issue', note: issue.note });
    return reply.code(201).send({ id: issue.id, createdAt: issue.createdAt.toISOString() });
  });

  // Only through the link it was sent with: another link of the report never shows it.
  addRoute(app, api.getSharedIssuePhoto, async ({ params, request, reply }) => {
    const { link, project } = await requireLiveLink(request);
    const [issue] = await db
      .select()
      .from(clientIssues)
      .where(and(eq(clientIssues.id, params.issueId), eq(clientIssues.projectId, project.id), eq(clientIssues.shareLinkId, link.id)))
      .limit(1);
    const bytes = issue?.photoKey ? await photoStore.get(issue.photoKey) : null;
    if (!issue || !bytes) throw notFound('issue_photo_missing');
    return sendRevalidated(request, reply, `"issue-${issue.id}"`, 'image/jpeg', bytes);
  });
};
