/**
 * npm run bench -- [--only api,growth,orders,pages,inp,html,bytes,images,databases,statement,gstr1,tracking,booking,risk,reviews] [--quick] [--runs N] [--products N] [--calls listing,search] [--profile]
 *
 * The benchmarks of issues 7, 14, 23 and 25, each printing a Markdown table, then the
 * targets met or missed. Tables go to stdout, progress to stderr. Benchmarks print, never
 * assert: they are commands, not tests. --quick is for developing the
 * benchmarks (small catalogues, 2 s runs, one run); quote only full runs.
 * --profile runs the stores under node --cpu-prof and prints where their CPU
 * went (profiling slows them: its numbers are for finding causes, not quoting).
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { countFor, describeTally, FAILED_SHARE_MAX, talliesOf, tooManyFailed } from './lib/failures.ts';
import { describeMachineIndex } from './lib/machine-index.ts';
import { type BenchName, parseOptions, USAGE } from './lib/options.ts';
import { summariseProfiles } from './lib/profile.ts';
import { profileLabels, profileStoresInto } from './lib/server.ts';
import { catalogueStore, stopStores } from './lib/stores.ts';
import { stopWebStores, webStore } from './lib/web-build.ts';
import { benchApi } from './suites/api.ts';
import { benchBooking } from './suites/booking.ts';
import { benchBytes } from './suites/bytes.ts';
import { benchDatabases } from './suites/databases.ts';
import { benchGrowth } from './suites/growth.ts';
import { benchGstr1 } from './suites/gstr1.ts';
import { benchHtml } from './suites/html.ts';
import { benchImages } from './suites/images.ts';
import { benchInp } from './suites/inp.ts';
import { benchOrders } from './suites/orders.ts';
import { benchPages } from './suites/pages.ts';
import { benchReviews } from './suites/reviews.ts';
import { benchRisk } from './suites/risk.ts';
import { benchStatement } from './suites/statement.ts';
import type { Results } from './suites/targets.ts';
import { printTargets } from './suites/targets.ts';
import { benchTracking } from './suites/tracking.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}

const started = performance.now();
const loadBefore = loadavg();
console.log(`# Benchmarks${options.quick ? ' (quick: development numbers, not for quoting)' : ''}`);
// The index first, with the machine as quiet as it will be: taking it costs about 3 s of one core.
const indexBefore = await describeMachineIndex();
console.log(
  `\n${new Date().toISOString()}, Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} and ${indexBefore} at the start`,
);

const profileDir = options.profile ? mkdtempSync(join(tmpdir(), 'watch-bench-prof-')) : undefined;
if (profileDir) {
  profileStoresInto(profileDir);
  console.log(`\nProfiling the stores into ${profileDir} (slower: do not quote these numbers).`);
}

const results: Results = {};
const failed: string[] = [];
/**
 * Runs one benchmark; a failure is reported and the others still run. So is one whose requests failed
 * beyond FAILED_SHARE_MAX (lib/failures.ts): its rates measure refusals, not the store.
 */
async function attempt<K extends keyof Results>(name: BenchName, key: K, run: () => Promise<Results[K]>) {
  if (!options.only.has(name)) return;
  countFor(name);
  try {
    results[key] = await run();
  } catch (err) {
    failed.push(name);
    console.log(`\n### ${name}: FAILED\n\n${err instanceof Error ? err.message : String(err)}`);
    console.error(err instanceof Error ? err.stack : err);
    return;
  }
  const refused = talliesOf(name).filter(tooManyFailed);
  if (refused.length) {
    failed.push(name);
    const lines = refused.map((t) => `- ${t.what}: ${describeTally(t)}`);
    console.log(
      `\n### ${name}: FAILED\n\nMore than ${FAILED_SHARE_MAX * 100}% of these requests failed, so the rates above do not measure the store:\n\n${lines.join('\n')}`,
    );
  }
}

try {
  await attempt('api', 'api', async () => benchApi(await catalogueStore(options.catalogue), options));
  await attempt('growth', 'growth', async () => {
    const stores = [];
    for (const size of options.growthSizes) stores.push(await catalogueStore(size));
    return { sizes: options.growthSizes, rows: await benchGrowth(stores, options) };
  });
  await attempt('orders', 'orders', () => benchOrders(options));
  await attempt('pages', 'pages', async () => benchPages(await webStore(options.catalogue), options));
  await attempt('inp', 'inp', async () => benchInp(await webStore(options.catalogue)));
  await attempt('html', 'html', async () => benchHtml(await webStore(options.catalogue), options));
  await attempt('bytes', 'bytes', async () => benchBytes(await webStore(options.catalogue)));
  await attempt('images', 'images', async () => benchImages(await webStore(options.catalogue)));
  await attempt('databases', 'databases', () => benchDatabases(options));
  await attempt('statement', 'statement', () => benchStatement(options));
  await attempt('gstr1', 'gstr1', () => benchGstr1(options));
  await attempt('tracking', 'tracking', () => benchTracking(options));
  await attempt('booking', 'booking', () => benchBooking(options));
  await attempt('risk', 'risk', () => benchRisk(options));
  await attempt('reviews', 'reviews', () => benchReviews(options));
  printTargets(results, options);
  if (failed.length) {
    console.log(`\nFailed: ${failed.join(', ')} (see above).`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all([stopStores(), stopWebStores()]);
}
if (profileDir) summariseProfiles(profileDir, profileLabels);
const loadAfter = loadavg();
const indexAfter = await describeMachineIndex();
console.log(
  `\nTook ${((performance.now() - started) / 60_000).toFixed(1)} min; load average ${loadAfter.map((l) => l.toFixed(2)).join(' ')} and ${indexAfter} at the end.`,
);
