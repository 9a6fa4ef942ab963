/**
 * npm test: every test. Installs Debian's Chromium first when it is missing
 * (never a test tool's own browser download), runs Vitest (unit, API, data
 * layer; PostgreSQL too when TEST_DATABASE_URL is set), builds the web app and
 * runs the Playwright journeys. Ends with one line: "N passed, N failed".
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale, ROOT, run } from './lib.ts';

const CHROMIUM = '/usr/bin/chromium';
const REPORTS = join(ROOT, 'test-results/reports');

async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  console.log('Chromium is missing: installing Debian’s chromium package…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    });
  if ((await apt(['update', '-qq'])) !== 0 || (await apt(['install', '-y', '-qq', 'chromium'])) !== 0) {
    throw new Error('Could not install Chromium with apt-get (needs root or sudo).');
  }
}

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

if (only !== 'e2e') {
  const code = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, 'vitest.json')}`,
  ]);
  const report = readJson(join(REPORTS, 'vitest.json'));
  passed += Number(report?.numPassedTests ?? 0);
  failed += Number(report?.numFailedTests ?? 0);
  skipped += Number(report?.numPendingTests ?? 0) + Number(report?.numTodoTests ?? 0);
  if (code !== 0) {
    ok = false;
    if (!report) failed += 1; // the run itself broke
  }
}

if (only !== 'unit') {
  await ensureChromium();
  await buildWebIfStale();
  const code = await run('npx', ['playwright', 'test'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'playwright.json'),
  });
  const stats = readJson(join(REPORTS, 'playwright.json'))?.stats as Record<string, number> | undefined;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
  if (code !== 0) {
    ok = false;
    if (!stats) failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
