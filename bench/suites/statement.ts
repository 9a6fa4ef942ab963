/**
 * The bank statement import (issue 25; docs/product.md "The books: advances from the bank
 * statement"): statements of 10,000 and 50,000 lines in HDFC's layout, with shoppers' submitted
 * advances among their credits, imported by the store's own code from a file read as a stream,
 * in a process of its own (bench/lib/statement-import-entry.ts), on SQLite. Reported: the time,
 * the process's peak memory (RSS) and how much it grew, and the advances matched. Target: 50,000
 * lines in under 5 s, and memory that does not grow with the statement (it is read line by line).
 */

import { spawn } from 'node:child_process';
import type { BenchOptions } from '../lib/options.ts';
import { baseEnv, ROOT, scratchDir } from '../lib/process.ts';
import { fixed, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

export const STATEMENT_TARGET_MS = 5000;
export const STATEMENT_TARGET_LINES = 50_000;

export interface StatementRow {
  lines: number;
  credits: number;
  matched: number;
  ms: number;
  rssMb: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

export interface StatementResult {
  rows: StatementRow[];
}

/** Runs the child with the garbage collector exposed, so each statement starts from a collected heap. */
function runEntry(args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/lib/statement-import-entry.ts', ...args],
      { cwd: ROOT, env: baseEnv({}) },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`statement import exited with ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

export async function benchStatement(options: BenchOptions): Promise<StatementResult> {
  const sizes = options.quick ? [2000, 10_000] : [10_000, STATEMENT_TARGET_LINES];
  const orders = options.quick ? 20 : 200;
  progress(`bank statement: ${orders} submitted advances per statement, statements of ${sizes.join(' and ')} lines`);
  const output = await runEntry([scratchDir('statement'), String(orders), sizes.join(',')]);
  const rows = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as StatementRow);
  printTable(
    'Bank statement import (SQLite, HDFC layout, read as a stream)',
    rows.map((r) => ({
      lines: whole(r.lines),
      credits: whole(r.credits),
      'advances matched': whole(r.matched),
      time: `${fixed(r.ms / 1000, 2)} s`,
      'lines/s': whole(r.lines / (r.ms / 1000)),
      'peak RSS': `${fixed(r.rssMb, 0)} MB`,
      'RSS growth': `${fixed(r.rssGrowthMb, 1)} MB`,
      'heap growth': `${fixed(r.heapGrowthMb, 1)} MB`,
    })),
    [
      'Growth is measured from the process after its setup (the store, the shoppers and their orders), with a collected heap; the import holds one batch of 5,000 credits at a time.',
    ],
  );
  return { rows };
}
