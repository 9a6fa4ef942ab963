/**
 * npm test: every test. Installs Debian's Chromium, poppler-utils, zbar-tools and Java
 * first when they are missing (never a test tool's own browser or Java download), runs
 * Vitest (unit, API, data layer; PostgreSQL too when TEST_DATABASE_URL is set), builds the
 * web app and runs the Playwright journeys. Ends with one line: "N passed, N failed".
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale, ensureDebianPackage, ROOT, run } from './lib.ts';
import { playwrightFailures, vitestFailures } from './test-report.ts';

const REPORTS = join(ROOT, 'test-results/reports');

function readJson(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const only = process.argv[2]; // "unit" or "e2e" to run one half
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
const named: string[] = []; // the tests to look at, printed last

// The invoice and label tests read PDFs as a person and a courier's scanner do (src/server/test-support/pdf.ts).
await ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
await ensureDebianPackage('/usr/bin/zbarimg', 'zbar-tools', 'zbarimg');

if (only !== 'e2e') {
  // The Nu HTML Checker (vnu-jar) runs on Java: src/server/pages/html-validity.test.ts.
  await ensureDebianPackage('/usr/bin/java', 'default-jre-headless', 'Java');
  const code = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, 'vitest.json')}`,
  ]);
  const report = readJson(join(REPORTS, 'vitest.json'));
  named.push(...vitestFailures(report));
  passed += Number(report?.numPassedTests ?? 0);
  failed += Number(report?.numFailedTests ?? 0);
  skipped += Number(report?.numPendingTests ?? 0) + Number(report?.numTodoTests ?? 0);
  if (code !== 0) {
    ok = false;
    if (!report) failed += 1; // the run itself broke
  }
}

if (only !== 'unit') {
  await ensureDebianPackage('/usr/bin/chromium', 'chromium', 'Chromium');
  await buildWebIfStale();
  const code = await run('npx', ['playwright', 'test'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'playwright.json'),
  });
  const playwright = readJson(join(REPORTS, 'playwright.json'));
  named.push(...playwrightFailures(playwright));
  const stats = playwright?.stats as Record<string, number> | undefined;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
  if (code !== 0) {
    ok = false;
    if (!stats) failed += 1;
  }
}

if (named.length > 0)
  console.log(`\nTests to look at (details above and in test-results/reports):\n${named.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
