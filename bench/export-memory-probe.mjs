// Preloaded into the export benchmark's server (EXPORT_MEMORY=1, through NODE_OPTIONS): every 50 ms
// it appends the main thread's memory breakdown and how many garbage collections of each kind have
// run to $EXPORT_MEMORY_FILE, so the benchmark can say what the RSS growth is made of.
import fs from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.EXPORT_MEMORY_FILE) {
  const counts = { minor: 0, major: 0, minorMs: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        counts.minor++;
        counts.minorMs += entry.duration;
      } else if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        counts.major++;
        counts.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const MB = 1024 * 1024;
  setInterval(() => {
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    const sample = {
      at: Date.now(),
      rss: usage.rss / MB,
      heapTotal: usage.heapTotal / MB,
      heapUsed: usage.heapUsed / MB,
      newSpace: spaces.new_space / MB,
      oldSpace: spaces.old_space / MB,
      external: usage.external / MB,
      arrayBuffers: usage.arrayBuffers / MB,
      minorGcs: counts.minor,
      majorGcs: counts.major,
      minorGcMs: counts.minorMs,
      majorGcMs: counts.majorMs,
    };
    fs.appendFileSync(process.env.EXPORT_MEMORY_FILE, JSON.stringify(sample) + '\n');
  }, 50).unref();
}
