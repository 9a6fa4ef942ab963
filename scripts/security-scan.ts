/**
 * npm run security:scan: the security checks of issue 6, item 6, in one command.
 *  1. npm audit --omit=dev: no high or critical advisory in what ships.
 *  2. sqlmap (Debian's package) against the main API endpoints (scripts/security/sqlmap.ts).
 *  3. wapiti (Debian's package) against the pages and API (scripts/security/wapiti.ts).
 * Both scanners hit only a store started here on 127.0.0.1 with a fresh seeded
 * SQLite folder and production settings, logged in as a shopper with a cart and
 * an order. Reports go to test-results/security/; the exit code is 1 on any finding.
 * Installs Debian's sqlmap and wapiti first when they are missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADDRESS, orderableProductIds, signUp } from '../tests/reliability/support/http.ts';
import { startStore } from '../tests/reliability/support/server.ts';
import { buildWebIfStale, ROOT, run } from './lib.ts';
import { runTool } from './security/run.ts';
import { sqlmapScan } from './security/sqlmap.ts';
import { wapitiScan } from './security/wapiti.ts';

const REPORTS = join(ROOT, 'test-results/security');
const findings: string[] = [];
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** Installs Debian's sqlmap and wapiti when missing (as scripts/test.ts does for Chromium). */
async function ensureScanners(): Promise<void> {
  const missing = ['sqlmap', 'wapiti'].filter((tool) => spawnSync('which', [tool]).status !== 0);
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(' and ')}…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, env);
  if ((await apt(['update', '-qq'])) !== 0 || (await apt(['install', '-y', '-qq', ...missing])) !== 0) {
    console.error(`Could not install ${missing.join(' and ')}: apt-get install -y sqlmap wapiti (needs root or sudo).`);
    process.exit(2);
  }
}

await ensureScanners();
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const started = Date.now();

// 1. Advisories in the production dependencies. A registry that refuses the advisory
// request (some mirrors answer 405) leaves the audit unverified: said loudly, not hidden.
let auditNote = '';
const audit = await runTool('npm', ['audit', '--omit=dev', '--json'], 120_000);
writeFileSync(join(REPORTS, 'npm-audit.json'), audit.out);
try {
  const counts = JSON.parse(audit.out.slice(audit.out.indexOf('{'))).metadata.vulnerabilities as Record<string, number>;
  say(
    `npm audit --omit=dev: ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  if (counts.high || counts.critical) findings.push(`npm audit: ${counts.high} high, ${counts.critical} critical`);
} catch {
  const refused = audit.out.match(/audit (\d{3} [^-\n]+)/)?.[1]?.trim();
  auditNote = refused ? `the registry refused the advisory request: ${refused}` : 'no answer from the registry';
  say(`npm audit --omit=dev: NOT RUN (${auditNote})`);
}

// 2 and 3 scan a store of their own.
await buildWebIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'watch-scan-'));
const work = mkdtempSync(join(tmpdir(), 'watch-scan-tools-'));
const store = await startStore({ dataDir, seed: true, env: { COOKIE_SECURE: 'true' } });
try {
  const shopper = await signUp(store.url);
  const [productId = ''] = await orderableProductIds(store.url);
  await shopper.call('POST', '/api/cart/items', { productId, quantity: 1 });
  const placed = await shopper.call('POST', '/api/orders', { address: ADDRESS, idempotencyKey: 'security-scan-order' });
  await shopper.call('POST', '/api/cart/items', { productId, quantity: 1 });
  const ctx = {
    base: store.url,
    cookie: shopper.cookieHeader(),
    productId,
    orderNumber: placed.body?.order?.number,
    address: ADDRESS,
    work,
    reports: REPORTS,
    say,
    finding: (text: string) => findings.push(text),
  };
  await sqlmapScan(ctx);
  await wapitiScan(ctx);
} finally {
  await store.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}

say(`\nSecurity scan took ${Math.round((Date.now() - started) / 1000)} s; reports in test-results/security/`);
for (const f of findings) say(`FINDING: ${f}`);
say(findings.length === 0 ? 'No findings.' : `${findings.length} finding(s).`);
if (auditNote) say(`UNVERIFIED: npm audit did not run here (${auditNote}).`);
writeFileSync(join(REPORTS, 'summary.txt'), `${lines.join('\n')}\n`);
process.exit(findings.length === 0 ? 0 : 1);
