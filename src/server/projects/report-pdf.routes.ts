// GET /api/projects/{id}/report.pdf: the same branded PDF the browser makes, for
// sharing and mail. Owner only: another user's project is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { heavyReads } from './heavy-reads.js';
import { requireActiveAccess } from '../billing/access.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { renderProjectReportPdf } from './report-pdf.service.js';
import { sendReportPdf } from './report-pdf-reply.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute, routeUser } from '../lib/add-route.js';

export const reportPdfRoutes: FastifyPluginAsync = async (app) => {
  // Per signed-in user, not per address: a whole office behind one NAT must not share one budget,
  // and one user cannot multiply theirs by signing in many times.
  const buildsPerUser = createLimiter(app, {
    name: 'pdf-builds-user',
    ...RATE_LIMITS.pdfBuildsPerUser,
    key: (request) => String(routeUser(request).id),
    code: 'pdf_rate_limited',
  });

  addRoute(app, api.getReportPdf, { onRequest: buildsPerUser.hit }, async ({ user, params, request, reply }) => {
    const project = await findOwnedProject(app.deps.db, user, params.id);
    await requireActiveAccess(request, user);
    const pdf = await heavyReads.run(String(user.id), () => renderProjectReportPdf(app.deps, user, project));
    return sendReportPdf(reply, project, user, pdf);
  });
};
