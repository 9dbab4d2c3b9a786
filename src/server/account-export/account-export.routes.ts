// GET /api/account/export: the owner's whole account as a ZIP, streamed as it is written. Needs
// no subscription: the data is the owner's, after the trial too.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { createPerKeyGate } from '../lib/per-key-gate.js';
import { createZipWriter, ZipStreamClosedError } from '../lib/zip-writer.js';
import { apiRoutes as api } from '../../shared/contract/routes.js';
import { addRoute } from '../lib/add-route.js';
import { writeAccountExport } from './account-export.service.js';

export const accountExportRoutes: FastifyPluginAsync = async (app) => {
  // One export per user at a time (per server): each reads every photo the account has.
  const exporting = createPerKeyGate<number>(1, { code: 'export_in_progress', retryAfterSeconds: 30 });

  addRoute(app, api.exportAccount, async ({ user, request, reply }) => {
    // Held until the ZIP is written (or given up), well after this handler returns.
    const leave = exporting.enter(user.id);
    // A few photos' worth of buffer: enough to keep the socket busy between store reads, and the
    // writer waits for the download beyond it, so memory does not grow with a slow phone.
    const output = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
    void writeAccountExport(app.deps, user, createZipWriter(output))
      .catch((error: unknown) => {
        // A cancelled download is not a fault; anything else cuts the download short, so no
        // truncated file looks like a whole export.
        if (!(error instanceof ZipStreamClosedError)) request.log.error({ err: error }, 'account export failed');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(leave);
    const date = app.deps.clock().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="cleanproof-export-${date}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(output);
  });
};
