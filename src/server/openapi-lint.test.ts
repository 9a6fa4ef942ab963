/**
 * The API's OpenAPI description (src/server/http/openapi.ts) passes a maintained linter:
 * `redocly lint` with its recommended rules (redocly.yaml), with no error and no warning.
 * The document is the one the app serves at /api/docs/json, written to a file and linted
 * by the CLI installed from npm (it sends nothing anywhere: telemetry is off).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface Answer {
  description?: string;
  content?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, Answer>;
}

/** The media type of each kind of file the API answers, by the path's extension. */
const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  csv: 'text/csv',
  json: 'application/json',
};
type Document = { paths: Record<string, Record<string, Operation>> };

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

let t: TestApp;
let dir: string;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  document = res.json();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lint(spec: unknown): Promise<LintReport> {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(spec));
  const args = [
    REDOCLY,
    'lint',
    file,
    `--config=${join(ROOT, 'redocly.yaml')}`,
    '--format=json',
    '--max-problems=1000',
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // The CLI exits 1 when it finds errors; its report is on stdout either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir, env }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return JSON.parse(stdout) as LintReport;
}

function operations(): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
}

describe('the OpenAPI description', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', { timeout: 60_000 }, async () => {
    const report = await lint(document);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('is checked for real: the lint counts what a document without the completions lacks', {
    timeout: 60_000,
  }, async () => {
    const bare = structuredClone(document) as Document & { servers?: unknown };
    delete bare.servers;
    const bareOps = Object.values(bare.paths).flatMap((item) => Object.values(item));
    for (const op of bareOps) {
      delete op.operationId;
      delete op.security;
    }
    const report = await lint(bare);
    const rules = [...new Set(report.problems.map((p) => p.ruleId))].sort();
    // The session schemes are then used by no operation.
    expect(rules).toEqual(['no-empty-servers', 'no-unused-components', 'operation-operationId', 'security-defined']);
    expect(report.totals.errors).toBe(1 + bareOps.length);
  });

  it('declares each file answer’s media type, and no body for a 204', () => {
    const files = operations().filter(({ path }) => /\.\w+$/.test(path));
    // The PDFs (invoices, credit notes, labels), the UPI QR code (Your Orders and the advance link), the CSVs and GSTR-1's JSON.
    // 14 with the COD RULES report's CSV (issue 35).
    expect(files.length).toBe(14);
    for (const { method, path, op } of files) {
      const type = FILE_TYPES[path.slice(path.lastIndexOf('.') + 1)];
      expect(type, path).toBeDefined();
      expect(Object.keys(op.responses['200']?.content ?? {}), `${method} ${path}`).toEqual([type]);
    }
    const noContent = operations().filter(({ op }) => op.responses['204']);
    expect(noContent.map(({ method, path }) => `${method} ${path}`)).toContain('post /api/leads/whatsapp-click');
    for (const { method, path, op } of noContent)
      expect(op.responses['204'], `${method} ${path}`).not.toHaveProperty('content');
  });

  it('fails the lint when a file answer loses its media type or a 204 declares a body', {
    timeout: 60_000,
  }, async () => {
    const broken = structuredClone(document);
    const invoice = broken.paths['/api/orders/{orderNumber}/invoice.pdf']?.get?.responses['200'];
    const click = broken.paths['/api/leads/whatsapp-click']?.post?.responses['204'];
    delete invoice?.content;
    if (click) click.content = { 'application/json': { schema: { type: 'string' } } };
    const report = await lint(broken);
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort()).toEqual([
      'rule/no-content-has-no-body #/paths/~1api~1leads~1whatsapp-click/post/responses/204/content',
      'rule/success-names-its-media-type #/paths/~1api~1orders~1{orderNumber}~1invoice.pdf/get/responses/200',
    ]);
    expect(report.totals.errors).toBe(2);
  });

  it('documents a session exactly where a guard asks for one: each such operation answers 401 without it', async () => {
    const guarded = operations().filter(({ op }) => (op.security ?? []).length > 0);
    expect(guarded.length).toBeGreaterThan(30);
    for (const { method, path, op } of guarded) {
      const url = path.replace(/\{\w+\}/g, 'x');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(Object.keys(op.responses)).toContain('401');
      const scheme = path.startsWith('/api/admin/') ? 'adminSession' : 'shopperSession';
      expect(op.security, `${method} ${path}`).toEqual([{ [scheme]: [] }]);
    }
    // Open to anyone: the catalogue, log in and sign up, the admin's log in, complaints.
    const open = operations().filter(({ op }) => (op.security ?? []).length === 0);
    expect(open.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['get /api/products', 'post /api/login', 'post /api/admin/login', 'post /api/complaints']),
    );
  });

  it('gives every operation a unique camelCase operationId from its method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
    expect(document.paths['/api/admin/orders/{orderNumber}/state']?.patch?.operationId).toBe(
      'patchAdminOrdersByOrderNumberState',
    );
  });
});
