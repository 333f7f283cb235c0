// Adds up the Vitest and Playwright JSON reports into one "N passed, N failed" line, after
// the names of the failed tests (CI keeps only the end of the output, so they are repeated
// here). A report that is missing counts as one failure: its suite did not run to the end.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const failures = [];

function playwrightFailures(suites, path) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push([...here, spec.title].join(' › '));
    }
    playwrightFailures(suite.suites, here);
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    playwrightFailures(report.suites, []);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed') {
          const message = (test.failureMessages ?? []).join(' ').split('\n')[0].slice(0, 300);
          failures.push(`${result.name} › ${test.fullName}: ${message}`);
        }
      }
    }
  }
}
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
