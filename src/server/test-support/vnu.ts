/**
 * The Nu HTML Checker (vnu.jar, the W3C validator's engine, from the vnu-jar devDependency)
 * over a batch of pages in one run: the server's HTML (src/server/pages/html-validity.test.ts)
 * and the DOM after hydration (tests/e2e/html-validity-hydrated.spec.ts). It needs Java:
 * `npm test` installs Debian's default-jre-headless when /usr/bin/java is missing (scripts/test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const VNU_JAR = join(resolve(import.meta.dirname, '../../..'), 'node_modules/vnu-jar/build/dist/vnu.jar');

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Throws, saying how to get it, when there is no Java to run the checker on. */
export function requireJava(): void {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'Java is missing: the Nu HTML Checker (vnu.jar) runs on it. `npm test` installs it, or run ' +
        '`sudo apt-get install default-jre-headless`.',
    );
  }
}

/** Writes each page into `dir` and runs the checker once over all of them; its messages per page name. */
export function checkHtml(pages: Record<string, string>, dir: string): Map<string, VnuMessage[]> {
  mkdirSync(dir, { recursive: true });
  const files = Object.entries(pages).map(([name, html]) => {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, html);
    return { name, file };
  });
  // It exits with 1 when it found errors: the report is on stdout either way.
  const result = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files.map((f) => f.file)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (!result.stdout.trim()) throw new Error(`vnu.jar gave no report (is vnu-jar installed?): ${result.stderr}`);
  const report = JSON.parse(result.stdout) as { messages: VnuMessage[] };
  const byPage = new Map(files.map((f) => [f.name, [] as VnuMessage[]]));
  for (const m of report.messages) {
    const page = files.find((f) => m.url === pathToFileURL(f.file).href || m.url === `file:${f.file}`)?.name ?? '?';
    if (!byPage.has(page)) byPage.set(page, []);
    byPage.get(page)?.push(m);
  }
  return byPage;
}

const isError = (m: VnuMessage) => m.type !== 'info';

const describeMessage = (page: string, m: VnuMessage) =>
  `${page}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : ''}`;

/**
 * The errors of a run, one line each, and a summary for the log: counts per page and each
 * warning once (React writes every void element as `<br/>`, one warning each).
 */
export function vnuErrors(byPage: Map<string, VnuMessage[]>): { errors: string[]; summary: string } {
  const errors: string[] = [];
  const warnings = new Map<string, Set<string>>();
  const counts: Record<string, string> = {};
  for (const [page, messages] of byPage) {
    counts[page] = `${messages.filter(isError).length} errors, ${messages.filter((m) => !isError(m)).length} warnings`;
    for (const m of messages) {
      if (isError(m)) errors.push(describeMessage(page, m));
      else warnings.set(m.message, (warnings.get(m.message) ?? new Set()).add(page));
    }
  }
  const lines = [`Nu HTML Checker: ${JSON.stringify(counts, null, 1)}`];
  for (const [message, on] of warnings) lines.push(`Warning (allowed) on ${[...on].join(', ')}: ${message}`);
  return { errors, summary: lines.join('\n') };
}
