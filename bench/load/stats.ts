// Latency and status bookkeeping for the load benchmark.
export interface Sample {
  step: string;
  status: number;
  ms: number;
  /** A 429 or 503 with Retry-After: the server's bounded queues saying "later", which the app's outbox waits out and retries. */
  later: boolean;
}

export class Recorder {
  readonly samples: Sample[] = [];
  record(step: string, status: number, ms: number, later = false): void {
    this.samples.push({ step, status, ms, later });
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export interface StepSummary {
  step: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: string;
  /** 5xx and network errors, but not a 503 with Retry-After (see Sample.later). */
  serverErrors: number;
  /** 429s and 503s with Retry-After, each waited out and retried. */
  later: number;
}

export function summarize(samples: Sample[], seconds: number): StepSummary[] {
  const steps = [...new Set(samples.map((s) => s.step))];
  const rows = [...steps, 'all'].map((step) => {
    const chosen = step === 'all' ? samples : samples.filter((s) => s.step === step);
    const times = chosen.map((s) => s.ms).sort((a, b) => a - b);
    const counts = new Map<number, number>();
    for (const s of chosen) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
    return {
      step,
      requests: chosen.length,
      perSecond: chosen.length / seconds,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
      statuses: [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status === 0 ? 'neterr' : status}:${n}`)
        .join(' '),
      serverErrors: chosen.filter((s) => (s.status >= 500 || s.status === 0) && !s.later).length,
      later: chosen.filter((s) => s.later).length,
    };
  });
  return rows;
}

export function printTable(title: string, rows: StepSummary[]): void {
  console.log(`\n${title}`);
  console.log(
    [
      'step'.padEnd(12),
      'requests'.padStart(8),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'max ms'.padStart(8),
      'later'.padStart(6),
      '  statuses',
    ].join(' '),
  );
  for (const row of rows) {
    console.log(
      [
        row.step.padEnd(12),
        String(row.requests).padStart(8),
        row.perSecond.toFixed(1).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        row.max.toFixed(1).padStart(8),
        String(row.later).padStart(6),
        `  ${row.statuses}`,
      ].join(' '),
    );
  }
}
