// CPU-heavy work shares one limiter: decoding uploaded photos and logos and building
// report PDFs. One job per core: sharp's own thread pool here is 1 (glibc), so cores = parallel
// jobs, and a burst of PDF requests cannot starve photo uploads of the CPU (or the reverse).
import os from 'node:os';
import { createConcurrencyLimiter } from '../../shared/concurrency-limiter.js';

/**
 * Jobs that may wait for a core: each holds its input (a decoded upload, a report's photos), so
 * the queue is bounded too. Past it the request is answered 503 with Retry-After at once (the
 * app's upload queue retries), instead of holding memory for minutes of work.
 */
export const CPU_WORK_QUEUE_MAX = 64;

export const cpuWork = createConcurrencyLimiter(Math.max(1, os.availableParallelism()), { maxPending: CPU_WORK_QUEUE_MAX });
