/**
 * Seeded demo catalogues, cached between runs under /tmp/watch-bench-cache:
 * seeding 100 000 products takes over a minute, so each size is seeded once
 * and reused until the migrations or the seed code change (their hash is part
 * of the folder name). Benchmarks that write (orders) work on a copy.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseEnv, ROOT, runScript, scratchDir } from './process.ts';
import { progress } from './table.ts';

export const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'watch-bench-cache');
const READY = 'seeded.json';
/** Source folders whose changes make a cached catalogue stale. */
const SEED_SOURCES = ['src/server/db/migrations', 'src/server/seed', 'src/server/catalog/search', 'scripts/seed.ts'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

export function seedCodeHash(): string {
  const hash = createHash('sha256');
  for (const source of SEED_SOURCES) {
    const path = join(ROOT, source);
    if (!existsSync(path)) continue;
    for (const file of filesUnder(path).filter((f) => !f.endsWith('.test.ts'))) {
      hash.update(file.slice(ROOT.length)).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 10);
}

/** A data folder (store.sqlite + uploads/) holding `products` seeded products; seeds it when missing. */
export async function seededDataDir(products: number): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = `${products}-${seedCodeHash()}`;
  const dir = join(CACHE_DIR, key);
  if (existsSync(join(dir, READY))) return dir;

  const building = mkdtempSync(join(CACHE_DIR, `.building-${products}-`));
  progress(`seeding ${products.toLocaleString('en-US')} products into ${dir} (cached for later runs)`);
  const started = performance.now();
  try {
    await runScript('scripts/seed.ts', ['--products', String(products), '--data-dir', building], baseEnv({}));
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    throw err;
  }
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(join(building, READY), JSON.stringify({ products, seconds, at: new Date().toISOString() }));
  // Older caches of this size were made by older seed code.
  for (const entry of readdirSync(CACHE_DIR)) {
    if (entry.startsWith(`${products}-`) && entry !== key)
      rmSync(join(CACHE_DIR, entry), { recursive: true, force: true });
  }
  try {
    renameSync(building, dir);
  } catch (err) {
    // Another run seeded the same catalogue meanwhile (two benchmarks started together): its copy
    // is as good as this one, so this one goes.
    if (!existsSync(join(dir, READY))) throw err;
    rmSync(building, { recursive: true, force: true });
  }
  progress(`seeded ${products.toLocaleString('en-US')} products in ${seconds.toFixed(0)} s`);
  return dir;
}

/** A private copy of a cached catalogue (the database file; pictures are shared by a link). */
export function copyDataDir(source: string): string {
  const dir = scratchDir('data');
  cpSync(join(source, 'store.sqlite'), join(dir, 'store.sqlite'));
  symlinkSync(join(source, 'uploads'), join(dir, 'uploads'));
  return dir;
}
