// GET /api/projects/{id}/report.pdf: the same branded PDF the browser makes (issue 4), for
// sharing and mail. Owner only: another user's project is a 404.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IdParamSchema } from '../../shared/contract/common.js';
import { defaultReportFilename } from '../../shared/report-filename.js';
import { findRequestUser, requireUser } from '../auth/sessions.js';
import { requireActiveAccess } from '../billing/access.js';
import { parseInput } from '../lib/validation.js';
import { findOwnedProject } from '../project-access/project-access.js';
import { renderProjectReportPdf } from './report-pdf.service.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';

/** A report PDF costs real CPU time on the server: a client may ask for this many a minute. */
export const REPORT_PDF_PER_MINUTE = 30;

export const reportPdfRoutes: FastifyPluginAsync = async (app) => {
  const rateLimit = {
    max: REPORT_PDF_PER_MINUTE,
    timeWindow: '1 minute',
    // Per signed-in user, not per address: a whole office behind one NAT must not share one
    // budget, and one user cannot multiply theirs by signing in many times or sending made-up
    // tokens. Requests without a valid session fall back to the address (and get a 401 anyway).
    keyGenerator: async (request: FastifyRequest) => {
      const user = await findRequestUser(request);
      return user ? `report-pdf:user:${user.id}` : `report-pdf:ip:${request.ip}`;
    },
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many PDF exports at once. Please wait a minute and try again.' }),
  };

  addRoute(app, api.getReportPdf, { config: { rateLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseInput(IdParamSchema, request.params);
    const project = await findOwnedProject(app.deps.db, user.id, id);
    await requireActiveAccess(request, user);
    const pdf = await renderProjectReportPdf(app.deps, user, project);
    const filename = `${defaultReportFilename(project.clientName, app.deps.clock())}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
};
