/**
 * Route handlers hold HTTP only (parse, authorise, call, reply); their SQL lives in query
 * modules beside them (issue 16 item 2). This fails naming every file under src/server whose
 * name ends in routes.ts and that builds a Kysely query or opens a transaction itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..');
const ROOT = join(SERVER, '..', '..');

/** Kysely's query starts, its sql tag and helpers, raw queries and transactions (writeTransaction too). */
const SQL_CALLS =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery)\s*\(|\bsql(\s*`|\.\w+\s*\()|\.transaction\s*\(|\bwriteTransaction\s*\(/;

function routeFiles(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('routes.ts'))
    .map((file) => join(SERVER, file))
    .sort();
}

describe('route handlers', () => {
  it('finds the route files', () => {
    expect(routeFiles().length).toBeGreaterThan(10);
  });

  it('hold no SQL: each query is a call to a query module', () => {
    const offenders = routeFiles().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (SQL_CALLS.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders, 'move these into a query module beside the routes').toEqual([]);
  });
});
