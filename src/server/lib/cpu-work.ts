// CPU-heavy work shares one limiter (issue 11): decoding uploaded photos and logos and building
// report PDFs. One job per core: sharp's own thread pool here is 1 (glibc), so cores = parallel
// jobs, and a burst of PDF requests cannot starve photo uploads of the CPU (or the reverse).
import os from 'node:os';
import { createConcurrencyLimiter } from './concurrency-limiter.js';

export const cpuWork = createConcurrencyLimiter(Math.max(1, os.availableParallelism()));
