// `npm run bench`: runs every benchmark one after another (each prints its own table).
// Run on a quiet machine: the figures are wall-clock and the machine has 2 cores.
import { spawnSync } from 'node:child_process';

const BENCHMARKS = [
  'bench:open-report',
  'bench:ingest',
  'bench:capture',
  'bench:pdf',
  'bench:auth',
  'bench:billing',
  'bench:admin',
  'bench:auth-flood',
  'bench:load',
  'bench:client-link',
  'bench:offline-reopen',
  'bench:first-load-js',
  'bench:lighthouse',
  'bench:search',
  'bench:embedded-vacuum',
  'bench:home-at-scale',
  'bench:export',
];
// Not here: bench:crew compares against another checkout (BASELINE_DIR), so it runs alone.
const only = process.argv.slice(2);
const selected = only.length > 0 ? BENCHMARKS.filter((name) => only.some((o) => name.includes(o))) : BENCHMARKS;

const failed: string[] = [];
for (const name of selected) {
  console.log(`\n===== npm run ${name} =====`);
  const result = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
