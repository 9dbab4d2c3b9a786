// The answer that carries a report PDF, the owner's and a client link's alike: an attachment named
// as spec §9 names the file, never kept by any cache.
import type { FastifyReply } from 'fastify';
import { defaultReportFilename } from '../../shared/report-filename.js';
import type { ProjectRow } from '../db/schema.js';

export function sendReportPdf(reply: FastifyReply, project: ProjectRow, pdf: Uint8Array): FastifyReply {
  reply.server.metrics.pdfBuilds.inc({ result: 'built' });
  const filename = `${defaultReportFilename(project.clientName, reply.server.deps.clock())}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
