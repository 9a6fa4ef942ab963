/**
 * Comments cite where a rule comes from: `docs/product.md#the-advance`, `orders/unpaid.ts`. A
 * citation that points nowhere sends the next reader on a hunt (issue 33 found 11 such). This test
 * reads every source file's comments and checks that each cited source file exists (beside the
 * citing file, or as the end of some file's path in the repository) and that each cited docs
 * anchor is a heading or an `<a id>` of that document.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'tests', 'scripts', 'bench'];

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown document offers: its headings' (numbered on repeats) and its `<a id>`s. */
function anchorsOf(path: string): Set<string> {
  const text = readFileSync(path, 'utf8');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a id="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** The comment text of a TypeScript file: line comments and block comments. */
function comments(source: string): string[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/.*$/gm)].map((m) => m[0]);
}

const all = SOURCE_DIRS.flatMap((d) => files(join(ROOT, d)));
const sources = all.filter((f) => /\.(ts|tsx)$/.test(f));
const docAnchors = new Map<string, Set<string>>();

const relativePaths = all.map((f) => `/${relative(ROOT, f)}`);

/** A cited path is read from the citing file's folder, or as the end of some file's path (`whatsapp/outbox.ts`). */
function sourceExists(cited: string, from: string): boolean {
  try {
    if (statSync(join(dirname(from), cited)).isFile()) return true;
  } catch {
    // not beside the citing file: look for it as the end of a path
  }
  const tail = `/${cited.replace(/^(?:\.\.?\/)+/, '')}`;
  return relativePaths.some((path) => path.endsWith(tail));
}

function problems(): string[] {
  const found: string[] = [];
  for (const file of sources) {
    const where = relative(ROOT, file);
    for (const comment of comments(readFileSync(file, 'utf8'))) {
      for (const m of comment.matchAll(/(?<![\w./-])(docs\/[\w./-]+\.md)(#[\w-]+)?/g)) {
        const doc = join(ROOT, m[1]!);
        try {
          statSync(doc);
        } catch {
          found.push(`${where}: ${m[0]} (no such document)`);
          continue;
        }
        if (m[2]) {
          if (!docAnchors.has(doc)) docAnchors.set(doc, anchorsOf(doc));
          if (!docAnchors.get(doc)!.has(m[2].slice(1))) found.push(`${where}: ${m[0]} (no such anchor)`);
        }
      }
      // A path with a folder and a .ts/.tsx file name, such as orders/unpaid.ts or src/common/advance.ts.
      for (const m of comment.matchAll(/(?<![\w./@-])((?:\.\.?\/)*(?:[\w-]+\/)+[\w.-]+\.tsx?)(?![\w/])/g)) {
        const cited = m[1]!;
        if (cited.includes('node_modules') || /^(?:src\/)?(?:lib|dist)\//.test(cited)) continue;
        if (!sourceExists(cited, file)) found.push(`${where}: ${cited} (no such file)`);
      }
    }
  }
  return found;
}

describe('citations in comments', () => {
  it('point to files and document anchors that exist', () => {
    expect(problems()).toEqual([]);
  });
});
