// Loaded only when the user exports (dynamic import). Fetches the report and its stored JPEGs as
// bytes, then has a worker lay the PDF out with the same module the server uses (src/pdf), so
// the page stays responsive. Without module workers it builds here, yielding between pairs.
import type { User } from '@shared/contract/auth';
import type { ReportPdfInput } from '@pdf/report-layout';
import { createConcurrencyLimiter } from '@shared/concurrency-limiter';
import { formatReportDate } from '@shared/format';
import { approvalLineOf, pdfAreaOf, resolvedIssuesOf } from '@pdf/report-extras';
import { api } from '../../lib/api';
import { apiRequest } from '../../lib/api-client';
import type { BuildRequest, BuildResponse } from './report-pdf.worker';
import { namesPhotoTakers } from '../../lib/crew';

/** Photo downloads in flight at once (a browser opens about six connections per host anyway). */
const FETCH_CONCURRENCY = 6;

let worker: Worker | undefined;
/** Set once a worker failed to start: from then on this page builds on the main thread. */
let workerUnavailable = false;
let nextRequestId = 1;

/** Starts the worker early (it fetches and parses the fonts) while the filename dialog is open. */
export function prewarmPdfWorker(): void {
  if (workerUnavailable) return;
  try {
    worker ??= new Worker(new URL('./report-pdf.worker.ts', import.meta.url), { type: 'module', name: 'report-pdf' });
  } catch {
    workerUnavailable = true; // no module workers here: buildOnMainThread takes over
  }
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await apiRequest('GET', url)).arrayBuffer());
}

async function fetchAll(urls: string[]): Promise<Uint8Array[]> {
  const fetches = createConcurrencyLimiter(FETCH_CONCURRENCY);
  return Promise.all(urls.map((url) => fetches.run(() => fetchBytes(url))));
}

/** The worker itself failed (it could not start, or its script threw), as opposed to the build. */
class PdfWorkerFailedError extends Error {}

function buildInWorker(target: Worker, input: ReportPdfInput): Promise<Uint8Array> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent<BuildResponse>) => {
      if (event.data.id !== id) return;
      cleanUp();
      if ('pdf' in event.data) resolve(event.data.pdf);
      else reject(new Error(event.data.error));
    };
    const onError = (event: ErrorEvent) => {
      cleanUp();
      reject(new PdfWorkerFailedError(event.message || 'The PDF worker failed to start'));
    };
    const cleanUp = () => {
      target.removeEventListener('message', onMessage);
      target.removeEventListener('error', onError);
    };
    target.addEventListener('message', onMessage);
    target.addEventListener('error', onError);
    const transfer = [...input.pairs.flatMap((pair) => [pair.before.buffer, pair.after.buffer]), ...(input.logo ? [input.logo.buffer] : [])];
    target.postMessage({ id, input } satisfies BuildRequest, [...new Set(transfer)] as ArrayBuffer[]);
  });
}

async function buildOnMainThread(input: ReportPdfInput): Promise<Uint8Array> {
  const [{ buildReportPdf }, { loadReportFonts }] = await Promise.all([import('@pdf/report-layout'), import('./report-fonts')]);
  let sliceStart = performance.now();
  const yieldToPage = async () => {
    if (performance.now() - sliceStart < 12) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    sliceStart = performance.now();
  };
  return buildReportPdf(input, await loadReportFonts(), { afterPair: yieldToPage, objectsPerTick: 25 });
}

/**
 * The report as it is now on the server (a name typed just before exporting is saved on blur),
 * its stored JPEGs fetched as bytes from imageUrl, laid out as the server would.
 */
export async function generateReportPdf(projectId: number, user: User): Promise<Uint8Array> {
  const project = await api.getProject({ params: { id: projectId }, query: { images: 'url' } });
  const photoUrls = project.photoPairs.flatMap((pair) => [pair.beforePhoto.imageUrl, pair.afterPhoto.imageUrl]);
  // Who took each photo, in a crew's reports (lib/crew.ts).
  const hasCrew = namesPhotoTakers(user, project.photos);
  const [photos, logo] = await Promise.all([fetchAll(photoUrls), user.businessLogoUrl ? fetchBytes(user.businessLogoUrl) : Promise.resolve(null)]);
  const input: ReportPdfInput = {
    businessName: user.businessName ?? '',
    logo,
    clientName: project.clientName,
    description: project.description,
    // The owner's language and zone, as the server's PDF: the signed-in user is the owner.
    dateText: formatReportDate(new Date(project.createdAt), user.locale, user.timeZone),
    timeZone: user.timeZone,
    pairs: project.photoPairs.map((pair, index) => ({
      before: photos[2 * index]!,
      after: photos[2 * index + 1]!,
      beforeCapturedAt: pair.beforePhoto.capturedAt,
      afterCapturedAt: pair.afterPhoto.capturedAt,
      areaId: pair.beforePhoto.areaId,
      beforeTakenBy: hasCrew ? (pair.beforePhoto.takenBy?.name ?? null) : null,
      afterTakenBy: hasCrew ? (pair.afterPhoto.takenBy?.name ?? null) : null,
    })),
    locale: user.locale,
    areas: project.areas.map(pdfAreaOf),
    // Printed only while the report is as the client approved it.
    ...(project.approval && !project.approval.superseded ? { approvalLine: approvalLineOf(project.approval, user.locale, user.timeZone) } : {}),
    resolvedIssues: resolvedIssuesOf(
      project.issues,
      project.photoPairs.map((pair) => pair.id),
      user.locale,
      user.timeZone,
    ),
  };
  prewarmPdfWorker();
  if (!worker) return buildOnMainThread(input);
  try {
    return await buildInWorker(worker, input);
  } catch (error) {
    // A worker that cannot start (old browser, blocked script) gets one retry on this thread;
    // the photo buffers it was sent are gone, so the retry fetches them again.
    if (error instanceof PdfWorkerFailedError) {
      worker.terminate();
      worker = undefined;
      workerUnavailable = true;
      return generateReportPdf(projectId, user);
    }
    throw error;
  }
}
