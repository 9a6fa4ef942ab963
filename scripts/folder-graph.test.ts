/**
 * The server's folders import each other one way (issue 33 item 4;
 * docs/decisions/052-order-transitions-and-folder-graph.md): a folder above hands a lower one a hook
 * at startup instead of the lower one importing it. This test reads every non-test source file of
 * src/server, draws the folder-level import graph (files at the top of src/server, like app.ts and
 * routes.ts, compose the folders and are left out; test files may import anything) and fails on
 * any cycle, naming the files behind each of its edges, and on any import of notifications from
 * orders or shipping (messages consume their events through hooks). The cycle edges not broken yet
 * are listed in KNOWN_CYCLE_EDGES, which may only shrink: a listed edge that no longer closes a
 * cycle fails too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', 'src', 'server');

/** Edges still inside a cycle, with why they are not broken yet (the decision page lists them). */
const KNOWN_CYCLE_EDGES: readonly string[] = [];

/**
 * Folders whose events messages (mail, WhatsApp) consume through hooks (orders/hooks.ts,
 * shipping/hooks.ts): they never import notifications, even where no cycle would close (issue 33
 * item 4).
 */
const MESSAGE_PRODUCERS: readonly string[] = ['orders', 'shipping'];

/** folder -> folder -> the imports ("file -> specifier") that make the edge. */
type FolderGraph = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The folder under src/server a path sits in, or null for a file at its top. */
function folderOf(path: string): string | null {
  const parts = relative(SERVER, path).split(sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Static imports, re-exports and dynamic imports of relative paths. */
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function folderGraph(root = SERVER): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), spec!);
      if (!target.startsWith(root + sep)) continue;
      const to = folderOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${relative(root, file)} -> ${spec}`]);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan's algorithm). */
function cycles(graph: FolderGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found;
}

/** The edges that lie inside a cycle, "a -> b", each with its files. */
function cycleEdges(graph: FolderGraph): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const component of cycles(graph)) {
    for (const a of component) {
      for (const [b, files] of graph.get(a) ?? []) if (component.includes(b)) edges.set(`${a} -> ${b}`, files);
    }
  }
  return edges;
}

describe('the server folder graph', () => {
  const graph = folderGraph();
  const inCycles = cycleEdges(graph);

  it('has no cycle but the known edges, each named with its files', () => {
    const unknown = [...inCycles].filter(([edge]) => !KNOWN_CYCLE_EDGES.includes(edge));
    const report = unknown.map(([edge, files]) => `${edge}\n    ${files.join('\n    ')}`).join('\n');
    expect(report, `import cycles between folders of src/server:\n${report}`).toBe('');
  });

  it('lists as known only edges that still close a cycle (the list only shrinks)', () => {
    expect(KNOWN_CYCLE_EDGES.filter((edge) => !inCycles.has(edge))).toEqual([]);
  });

  it('lets orders and shipping call no message: notifications consumes their events', () => {
    const calls = MESSAGE_PRODUCERS.flatMap((folder) => graph.get(folder)?.get('notifications') ?? []);
    expect(calls, `imports of notifications from ${MESSAGE_PRODUCERS.join(', ')}:\n${calls.join('\n')}`).toEqual([]);
  });

  it('finds a cycle when one is there', () => {
    const toy: FolderGraph = new Map([
      ['a', new Map([['b', ['a/x.ts -> ../b/y.ts']]])],
      ['b', new Map([['c', ['b/y.ts -> ../c/z.ts']]])],
      ['c', new Map([['a', ['c/z.ts -> ../a/x.ts']]])],
      ['d', new Map([['a', ['d/w.ts -> ../a/x.ts']]])],
    ]);
    expect(cycles(toy)).toEqual([['a', 'b', 'c']]);
    expect([...cycleEdges(toy).keys()].sort()).toEqual(['a -> b', 'b -> c', 'c -> a']);
  });
});
