/**
 * `--profile`: the stores run with node --cpu-prof, and at the end each
 * profile is summarised: where the server's CPU time went, by package or
 * source folder, and the hottest functions. Open the .cpuprofile files in
 * Chrome DevTools (Performance tab) for the full picture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './process.ts';
import { printTable, type Row } from './table.ts';

interface CpuProfile {
  nodes: Array<{ id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime: number;
  endTime: number;
  samples: number[];
}

/** What a function belongs to: an npm package, a folder of ours, Node itself, or V8 (GC, idle). */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node (built-in)';
  const path = url.replace(/^file:\/\//, '');
  // The statement timer of the orders benchmark (sql-timing-preload.ts) calls into SQLite.
  if (path.endsWith('bench/lib/sql-timing-preload.ts')) return 'better-sqlite3 (statements, timed by the bench)';
  if (path.startsWith(ROOT))
    return path
      .slice(ROOT.length + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  return path;
}

export function summariseProfile(file: string, label: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerSample;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const file = url.startsWith(`file://${ROOT}/src/`) ? url.slice(`file://${ROOT}/`.length) : owner;
    const name = `${functionName || '(anonymous)'} ${file}${url && !url.includes('/src/') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    total += ms;
  }
  const busy = total - (byOwner.get('(idle)') ?? 0);
  const top = (map: Map<string, number>, n: number, key: string): Row[] =>
    [...map.entries()]
      .filter(([k]) => k !== '(idle)' && !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({
        [key]: k,
        'self ms': Math.round(ms),
        'share of busy': `${((ms / busy) * 100).toFixed(1)}%`,
      }));
  printTable(
    `Profile of ${label}: CPU by owner (busy ${Math.round(busy)} ms of ${Math.round(total)} ms)`,
    top(byOwner, 15, 'owner'),
  );
  printTable(`Profile of ${label}: hottest functions (self time)`, top(byFunction, 20, 'function'), [
    `File: ${file}. Time inside SQLite shows as the self time of the JS function that called it (e.g. kysely's executeQuery); our files are named by path (tsx-compiled, so without line numbers). The profile covers the whole process, start-up included (building the search index: toWords, add, productWords).`,
  ]);
}

export function summariseProfiles(dir: string, labels: ReadonlyMap<number, string>): void {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the server's main thread
  // (the others are tsx's loader worker).
  const mainThread = (f: string) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0';
  for (const file of readdirSync(dir).filter(mainThread).sort()) {
    const pid = Number(file.split('.')[3]);
    summariseProfile(join(dir, file), labels.get(pid) ?? `process ${pid}`);
  }
}
