// Adds up the JSON reports of vitest and Playwright, plus the typecheck and lint steps, and prints
// the one closing line CI reads: "N passed, N failed". Exits 1 when anything failed.
// Counted per test, from each test's own status. A test file that failed without a failing test
// (a crash in a hook, an import error) counts as one failure; so does a report that is missing or
// unreadable (the suite did not finish). Nothing here is skipped on purpose, so a skipped test
// counts as a failure too: it would hide whatever it was meant to prove.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;

function read(file) {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) return { problem: 'missing (suite did not run)' };
  try {
    return { report: JSON.parse(fs.readFileSync(full, 'utf8')) };
  } catch (error) {
    return { problem: `unreadable (${error.message})` };
  }
}

for (const file of ['test.json', 'test-node22.json', 'test-pg.json', 'test-s3.json', 'test-faults.json', 'test-prod-start.json']) {
  const { report, problem } = read(file);
  if (problem) {
    console.log(`${file}: ${problem} - counted as 1 failure`);
    failed += 1;
    continue;
  }
  const counts = { passed: 0, failed: 0, skipped: 0, crashedFiles: 0 };
  for (const testFile of report.testResults ?? []) {
    const tests = testFile.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1; // skipped, pending, todo
    }
    if (testFile.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      counts.crashedFiles += 1;
      console.log(`${file}: ${testFile.name} failed outside its tests: ${String(testFile.message ?? '').split('\n')[0]}`);
    }
  }
  // vitest reports success: false for errors outside any test file (an unhandled rejection);
  // a suite that ran no test at all proved nothing (a broken include pattern, say).
  const ranNothing = counts.passed + counts.failed + counts.skipped === 0;
  if (ranNothing) console.log(`${file}: no tests ran - counted as 1 failure`);
  const unattributed = (report.success === false && counts.failed + counts.crashedFiles === 0) || ranNothing ? 1 : 0;
  passed += counts.passed;
  failed += counts.failed + counts.skipped + counts.crashedFiles + unattributed;
  console.log(
    `${file}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.crashedFiles} files crashed${unattributed ? ', 1 error outside the tests' : ''}`,
  );
}

const { report: e2e, problem: e2eProblem } = read('e2e.json');
if (e2eProblem) {
  console.log(`e2e.json: ${e2eProblem} - counted as 1 failure`);
  failed += 1;
} else {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = e2e.stats ?? {};
  const errors = e2e.errors?.length ?? 0; // errors outside tests (global setup, the web server)
  passed += expected + flaky;
  failed += unexpected + skipped + errors;
  console.log(
    `e2e.json: ${expected + flaky} passed${flaky ? ` (${flaky} only on retry)` : ''}, ${unexpected} failed, ${skipped} skipped, ${errors} errors outside the tests`,
  );
}

const stepsFile = path.join(dir, 'steps.txt');
const steps = new Map((fs.existsSync(stepsFile) ? fs.readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean) : []).map((line) => line.split(' ')));
// A step that never wrote its line did not run: a failure, like a missing report.
for (const name of new Set(['typecheck', 'lint', 'format', 'deploy-lint', ...steps.keys()])) {
  const code = steps.get(name);
  if (code === '0') passed += 1;
  else failed += 1;
  console.log(`${name}: ${code === undefined ? 'missing (step did not run) - counted as 1 failure' : code === '0' ? 'passed' : 'failed'}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
