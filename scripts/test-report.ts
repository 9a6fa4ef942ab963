/**
 * Names the tests that failed (or passed only on a retry) from Vitest's and Playwright's JSON
 * reports, so that the last lines `npm test` prints say which test to look at. CI keeps only
 * the tail of a run's output: a failure reported 2,000 lines up is lost there.
 */

type Json = Record<string, unknown>;

function list(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function firstLine(text: unknown): string {
  return (
    String(text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '')
      ?.slice(0, 300) ?? ''
  );
}

/** Vitest's JSON reporter: testResults[] per file, assertionResults[] per test. */
export function vitestFailures(report: Json | null): string[] {
  const lines: string[] = [];
  for (const file of list(report?.testResults)) {
    const name = String(file.name ?? '?');
    const failedTests = list(file.assertionResults).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const why = firstLine(list(test.failureMessages).map(String).join('\n'));
      lines.push(`vitest  ${name} › ${String(test.fullName ?? test.title ?? '?')}${why ? `\n          ${why}` : ''}`);
    }
    // A file that failed with no failed test in it did not load, or a hook failed (its message
    // is then in the run's output above, not in the report: seen with a failed beforeAll).
    if (file.status === 'failed' && failedTests.length === 0) {
      lines.push(`vitest  ${name} (failed outside its tests: ${firstLine(file.message) || 'a hook, see above'})`);
    }
  }
  return lines;
}

/** Playwright's JSON reporter: suites nest, specs hold tests, a test's status is its verdict. */
export function playwrightFailures(report: Json | null): string[] {
  const lines: string[] = [];
  const walk = (suite: Json): void => {
    for (const spec of list(suite.specs)) {
      for (const test of list(spec.tests)) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const results = list(test.results);
        const failing = results.find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const why = firstLine((failing?.error as Json | undefined)?.message);
        const verdict = test.status === 'flaky' ? 'flaky (passed on a retry)' : 'failed';
        lines.push(
          `playwright  [${String(test.projectName ?? '?')}] ${String(spec.file ?? '?')}:${String(spec.line ?? '?')} › ${String(spec.title ?? '?')}: ${verdict}${why ? `\n          ${why}` : ''}`,
        );
      }
    }
    for (const child of list(suite.suites)) walk(child);
  };
  for (const suite of list(report?.suites)) walk(suite);
  return lines;
}
