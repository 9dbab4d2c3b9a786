// The answer that carries a report PDF, the owner's and a client link's alike: an attachment named
// as spec §9 names the file ('Report' in the owner's language, like the PDF's words), never kept by
// any cache.
import type { FastifyReply } from 'fastify';
import { defaultReportFilename } from '../../shared/report-filename.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import { toLocale } from '../../shared/preferences.js';

export function sendReportPdf(reply: FastifyReply, project: ProjectRow, owner: UserRow, pdf: Uint8Array): FastifyReply {
  reply.server.metrics.pdfBuilds.inc({ result: 'built' });
  const filename = `${defaultReportFilename(project.clientName, reply.server.deps.clock(), toLocale(owner.locale), owner.timeZone)}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
