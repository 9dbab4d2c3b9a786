// GET /api/projects/{id}/report.pdf: the same branded PDF the browser makes (issue 4), for
// sharing and mail. Owner only: another user's project is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { IdParamSchema } from '../../shared/contract/common.js';
import { requireUser } from '../auth/sessions.js';
import { createLimiter } from '../lib/rate-limit.js';
import { RATE_LIMITS } from '../lib/rate-limit-rules.js';
import { heavyReads } from './heavy-reads.js';
import { requireActiveAccess } from '../billing/access.js';
import { parseInput } from '../lib/validation.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { renderProjectReportPdf } from './report-pdf.service.js';
import { sendReportPdf } from './report-pdf-reply.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

export const reportPdfRoutes: FastifyPluginAsync = async (app) => {
  // Per signed-in user, not per address: a whole office behind one NAT must not share one budget,
  // and one user cannot multiply theirs by signing in many times.
  const buildsPerUser = createLimiter(app, {
    name: 'pdf-builds-user',
    ...RATE_LIMITS.pdfBuildsPerUser,
    key: async (request) => String((await requireUser(request)).id),
    message: () => 'Too many PDF exports at once. Please wait a minute and try again.',
  });

  addRoute(app, api.getReportPdf, { onRequest: buildsPerUser.hit }, async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const project = await findOwnedProject(app.deps.db, user.id, id);
    await requireActiveAccess(request, user);
    const pdf = await heavyReads.run(String(user.id), () => renderProjectReportPdf(app.deps, user, project));
    return sendReportPdf(reply, project, user, pdf);
  });
};
