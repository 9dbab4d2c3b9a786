// Adds up the JSON reports of vitest and Playwright, plus the typecheck and lint steps,
// and prints the one closing line CI reads: "N passed, N failed". Exits 1 when anything failed.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
const read = (file) => {
  const full = path.join(dir, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
};

for (const file of ['test.json', 'test-pg.json', 'test-faults.json']) {
  const report = read(file);
  if (!report) {
    console.log(`${file}: missing (suite did not run) - counted as 1 failure`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numFailedTestSuites ?? 0} suites failed`);
}

const e2e = read('e2e.json');
if (!e2e) {
  console.log('e2e.json: missing (browser suite did not run) - counted as 1 failure');
  failed += 1;
} else {
  const { expected = 0, unexpected = 0, flaky = 0 } = e2e.stats ?? {};
  passed += expected + flaky;
  failed += unexpected;
  if (e2e.errors?.length) failed += e2e.errors.length;
  console.log(`e2e.json: ${expected + flaky} passed, ${unexpected} failed${flaky ? ` (${flaky} flaky)` : ''}`);
}

const stepsFile = path.join(dir, 'steps.txt');
if (fs.existsSync(stepsFile)) {
  for (const line of fs.readFileSync(stepsFile, 'utf8').trim().split('\n')) {
    const [name, code] = line.split(' ');
    if (code === '0') passed += 1;
    else failed += 1;
    console.log(`${name}: ${code === '0' ? 'passed' : 'failed'}`);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
