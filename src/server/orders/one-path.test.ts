/**
 * One path for an order's state (docs/decisions/052-order-transitions-and-folder-graph.md): no
 * source file but orders/transition.ts writes `orders.status` after the order is placed. A new
 * path that wrote it itself would skip the state table's checks and the hooks (stock, invoice,
 * credit note, messages), as the shopper's cancel and the unpaid expiry once did.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations') sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The files whose update of `orders` sets its status: the statement up to its execute. */
function statusWriters(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    for (const m of text.matchAll(/updateTable\(\s*'orders'\s*\)/g)) {
      const statement = text.slice(m.index, text.indexOf('.execute', m.index));
      if (/[{,]\s*status\s*[:,}]/.test(statement)) found.push(path);
    }
  }
  return [...new Set(found)];
}

describe('the order state', () => {
  it('is written by orders/transition.ts alone', () => {
    const files = sourceFiles(SERVER).map((path) => ({
      path: relative(SERVER, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(statusWriters(files)).toEqual(['orders/transition.ts']);
  });

  it('finds a status written beside other columns', () => {
    const text =
      "await trx.updateTable('orders').set({ status: 'cancelled', updated_at: at }).where('id', '=', id).execute();";
    expect(statusWriters([{ path: 'x.ts', text }])).toEqual(['x.ts']);
    expect(statusWriters([{ path: 'y.ts', text: text.replace('status:', 'advance_state:') }])).toEqual([]);
  });
});
