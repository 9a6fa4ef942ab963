/**
 * The figures each scenario measured (requests tried, kills survived, latency…),
 * appended to one file so the run can end with a single summary table.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.ts';

const DIR = join(ROOT, 'test-results/reliability');
const FILE = join(DIR, 'figures.jsonl');

export type Figures = Record<string, string | number>;

export function resetFigures(): void {
  mkdirSync(DIR, { recursive: true });
  rmSync(FILE, { force: true });
}

export function recordFigures(scenario: string, figures: Figures): void {
  mkdirSync(DIR, { recursive: true });
  appendFileSync(FILE, `${JSON.stringify({ scenario, figures })}\n`);
  console.log(
    `\n[${scenario}] ${Object.entries(figures)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
  );
}

/** The table printed at the end of `npm run test:reliability` (also saved as summary.txt). */
export function summary(): string {
  if (!existsSync(FILE)) return 'No reliability figures were recorded.';
  const lines = ['', 'Reliability figures', '==================='];
  for (const line of readFileSync(FILE, 'utf8').split('\n').filter(Boolean)) {
    const { scenario, figures } = JSON.parse(line) as { scenario: string; figures: Figures };
    lines.push(`${scenario}`);
    for (const [k, v] of Object.entries(figures)) lines.push(`    ${k.padEnd(40)} ${v}`);
  }
  const text = lines.join('\n');
  writeFileSync(join(DIR, 'summary.txt'), `${text}\n`);
  return text;
}
