/**
 * Lighthouse 12 through its CLI, in its own process (its CPU work does not
 * share a process with the benchmark), with Debian's Chromium, and what the
 * pages table prints from its reports.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseEnv, ROOT } from './process.ts';
import { track } from './server.ts';

const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      details?: {
        overallSavingsMs?: number;
        overallSavingsBytes?: number;
        items?: Array<Record<string, unknown> & { type?: string; items?: unknown[] }>;
      };
    }
  >;
  environment: { benchmarkIndex: number };
  runtimeError?: { message: string };
}

export function lighthouse(url: string, outputPath: string): Promise<Lhr> {
  return new Promise((done, fail) => {
    const child = track(
      spawn(
        process.execPath,
        [
          join(ROOT, 'node_modules/lighthouse/cli/index.js'),
          url,
          '--output=json',
          `--output-path=${outputPath}`,
          `--only-categories=${CATEGORIES.join(',')}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--max-wait-for-load=60000',
          '--quiet',
        ],
        {
          cwd: ROOT,
          env: baseEnv({ CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }),
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      ),
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-3000);
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`lighthouse ${url} exited with ${code}:\n${errors}`));
      const lhr = JSON.parse(readFileSync(outputPath, 'utf8')) as Lhr;
      if (lhr.runtimeError) return fail(new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`));
      done(lhr);
    });
  });
}

interface Item {
  node?: { selector?: string; nodeLabel?: string; explanation?: string };
  issueType?: string;
  url?: string;
}

/** Names what an audit found, briefly: the first elements (selector) or issue types it lists. */
function itemsOf(audit: Lhr['audits'][string], count = 2): string {
  // A "list" detail holds tables; the first one names the elements (the LCP element's second holds its phases).
  const first = audit.details?.items?.[0];
  const items = (first?.type === 'table' ? (first.items ?? []) : (audit.details?.items ?? [])) as Item[];
  const named = items
    .slice(0, count)
    .map((i) => i.node?.selector ?? i.issueType ?? i.url?.replace(/^https?:\/\/[^/]+/, '') ?? '')
    .filter(Boolean);
  return named.length ? ` [${named.join('; ')}${items.length > count ? `; +${items.length - count}` : ''}]` : '';
}

/** The LCP's phases (time to first byte, load delay, load time, render delay) from the element audit's second table. */
function lcpPhases(audit: Lhr['audits'][string]): string {
  const table = audit.details?.items?.[1];
  const phases = (table?.type === 'table' ? (table.items ?? []) : []) as Array<{ phase?: string; timing?: number }>;
  const named = phases.filter((p) => p.phase && typeof p.timing === 'number');
  return named.length ? ` (${named.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', ')})` : '';
}

/** The run with the median performance score, whose findings are printed. */
export function medianRun(runs: Lhr[]): Lhr {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] as Lhr;
}

export function findingsOf(lhr: Lhr): string[] {
  const found: string[] = [];
  const title = (id: string) => (lhr.audits[id]?.title ?? id).replace(/\.$/, '');
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        found.push(`${category}: ${title(ref.id)}${itemsOf(audit)}`);
      }
    }
  }
  const lcp = lhr.audits['largest-contentful-paint-element'];
  if (lcp) found.push(`LCP element${itemsOf(lcp, 1)}${lcpPhases(lcp)}`);
  const shifts = lhr.audits['layout-shifts'];
  if (shifts && (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) > 0) {
    found.push(`layout shifts${itemsOf(shifts)}`);
  }
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const ms = audit.details?.overallSavingsMs ?? 0;
    if (ms >= 50) found.push(`${title(id)} (about ${Math.round(ms)} ms)${itemsOf(audit, 1)}`);
  }
  return found;
}

export function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
    .version;
}
