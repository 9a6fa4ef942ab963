/**
 * GSTR-1 for a year (issue 25; docs/product.md#the-books-credit-notes-and-gstr-1): 100,000 invoices of a
 * financial year (3 in 100 credited) on SQLite, the four quarterly returns built by the store's own code
 * and written as the offline tool's JSON, in a process of its own (bench/lib/gstr1-entry.ts). Reported:
 * the time, the peak memory and how much it grew. Target: under 10 s, memory bounded (read a page at a time).
 */
import { spawn } from 'node:child_process';
import type { BenchOptions } from '../lib/options.ts';
import { baseEnv, ROOT, scratchDir } from '../lib/process.ts';
import { fixed, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

export const GSTR1_TARGET_MS = 10_000;

export interface Gstr1BenchRow {
  invoices: number;
  creditNotes: number;
  ms: number;
  jsonKb: number;
  rssMb: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

export async function benchGstr1(options: BenchOptions): Promise<{ row: Gstr1BenchRow }> {
  const invoices = options.quick ? 10_000 : 100_000;
  progress(`GSTR-1: a year of ${invoices} invoices, four quarterly returns`);
  const output = await new Promise<string>((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/lib/gstr1-entry.ts', scratchDir('gstr1'), String(invoices)],
      { cwd: ROOT, env: baseEnv({}) },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(text) : fail(new Error(`gstr1 exited with ${code}:\n${text.slice(-2000)}`)),
    );
  });
  const row = JSON.parse(output.split('\n').find((l) => l.startsWith('{'))!) as Gstr1BenchRow;
  printTable(
    'GSTR-1 for a year (SQLite, four quarters, JSON written)',
    [
      {
        invoices: whole(row.invoices),
        'credit notes': whole(row.creditNotes),
        time: `${fixed(row.ms / 1000, 2)} s`,
        JSON: `${whole(row.jsonKb)} KB`,
        'peak RSS': `${fixed(row.rssMb, 0)} MB`,
        'RSS growth': `${fixed(row.rssGrowthMb, 1)} MB`,
        'heap growth': `${fixed(row.heapGrowthMb, 1)} MB`,
        target: `< ${GSTR1_TARGET_MS / 1000} s: ${row.ms < GSTR1_TARGET_MS ? 'met' : 'missed'}`,
      },
    ],
    [
      'Documents are read 500 at a time; what stays in memory is the B2CS and HSN sums and the invoices B2CL/B2B list one by one.',
    ],
  );
  return { row };
}
