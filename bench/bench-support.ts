// Small helpers shared by the photo benchmarks: a signed-in client on a real app, timing, tables.
import type { TestApp } from '../src/server/test-support/test-app.js';
import { registerUser, type TestClient } from '../src/server/test-support/test-client.js';

export async function signedInClient(t: TestApp): Promise<TestClient> {
  const client = t.client();
  await registerUser(client);
  return client;
}

export function cookieHeader(client: TestClient): Record<string, string> {
  return { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** Fetches a URL as a browser would (cookie), returning the body size in bytes. */
export async function fetchBytes(t: TestApp, client: TestClient, url: string): Promise<number> {
  const response = await fetch(t.url + url, { headers: cookieHeader(client) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** Runs `task` for each item with at most `concurrency` in flight (like a browser's 6 connections). */
export async function runPool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) => `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}
