// GET /api/account/export: the owner's whole account as a ZIP, streamed as it is written. Needs
// no subscription: the data is the owner's, after the trial too.
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createPerKeyGate } from '../lib/per-key-gate.js';
import { createZipWriter, ZipStreamClosedError } from '../lib/zip-writer.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { writeAccountExport } from './account-export.service.js';
import { estimateExportSize } from './export-size-estimate.js';

export const accountExportRoutes: FastifyPluginAsync = async (app) => {
  // One export per user at a time (per server): each reads every photo the account has.
  const exporting = createPerKeyGate<number>(1, { code: 'export_in_progress', retryAfterSeconds: 30 });

  addRoute(app, api.exportAccount, async ({ user, request, reply }) => {
    // Held until the ZIP is written (or given up), well after this handler returns.
    const leave = exporting.enter(user.id);
    const date = app.deps.clock().toISOString().slice(0, 10);
    let estimate: number;
    try {
      estimate = await estimateExportSize(app.deps.db, user);
    } catch (error) {
      leave();
      throw error;
    }
    // Written straight to the response: the writer waits for the socket to take each entry (a slow
    // phone slows it down instead of filling memory), and a read buffer is used again only once the
    // socket has taken its bytes, which only the response itself can say (account-export.service.ts).
    // The headers the app's hooks set so far (security headers) go out with these.
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="cleanproof-export-${date}.zip"`)
      .header('cache-control', 'private, no-store')
      // About how big it will be (the PDFs are made as it goes): what the app shows progress against.
      .header('export-size-estimate', String(estimate))
      .hijack();
    const response = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200);
    // Photos in S3 are fetched once: a report's PDF prints them from a copy on this server's disk.
    const { config } = app.deps;
    const spoolDir = config.s3 ? path.join(config.dataDir, 'export-spool') : undefined;
    void writeAccountExport(app.deps, user, createZipWriter(response), { spoolDir })
      .catch((error: unknown) => {
        // A cancelled download is not a fault; anything else cuts the download short, so no
        // truncated file looks like a whole export.
        if (!(error instanceof ZipStreamClosedError)) request.log.error({ err: error }, 'account export failed');
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(leave);
    return reply;
  });
};
