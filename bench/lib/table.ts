/**
 * Prints a table as Markdown (aligned pipes), so the output reads well in a
 * terminal and pastes unchanged into bench/RESULTS.md.
 */
const NUMBER = /^-?[\d.,]+( ?(%|x|ms|s|KB))?$|^-$/;

export type Row = Record<string, string | number>;

export function formatTable(rows: readonly Row[], columns?: readonly string[]): string {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => cols.map((c) => String(r[c] ?? '')));
  const widths = cols.map((c, i) => Math.max(c.length, 3, ...cells.map((row) => (row[i] as string).length)));
  // Numbers align right, text left.
  const numeric = cols.map((_, i) => cells.length > 0 && cells.every((row) => NUMBER.test(row[i] as string)));
  const line = (values: readonly string[]) =>
    `| ${values.map((v, i) => (numeric[i] ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `-${'-'.repeat(w)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(cols), rule, ...cells.map(line)].join('\n');
}

export function printTable(title: string, rows: readonly Row[], notes: readonly string[] = []): void {
  console.log(`\n### ${title}\n`);
  console.log(rows.length ? formatTable(rows) : '(no rows)');
  for (const note of notes) console.log(`\n${note}`);
}

/** Progress lines go to stderr, so stdout holds only the tables. */
export function progress(message: string): void {
  process.stderr.write(`  · ${message}\n`);
}
