// Reads that build megabytes per request: spec §3's report with every photo as base64, and the
// server-built PDF. Each user gets two at a time, whatever the rate limits say.
import { createPerKeyGate } from '../lib/per-key-gate.js';

export const HEAVY_READS_PER_USER = 2;

export const heavyReads = createPerKeyGate(HEAVY_READS_PER_USER, { code: 'heavy_reads_busy', retryAfterSeconds: 2 });
