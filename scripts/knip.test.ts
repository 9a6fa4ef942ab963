/**
 * Nothing dead: no file, export or dependency that nothing uses (`npx knip`, configured in
 * knip.jsonc with its exceptions and why). Issue 33 found exports used nowhere; this keeps the
 * count at zero. A test rather than a step of scripts/test.ts, so its failure is counted and
 * named like any other; knip takes about 5 seconds.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

describe('knip', () => {
  it('finds no unused file, export, type or dependency', { timeout: 120_000 }, async () => {
    const knip = join(ROOT, 'node_modules', 'knip', 'bin', 'knip.js');
    const report = await promisify(execFile)(process.execPath, [knip, '--no-progress', '--no-config-hints'], {
      cwd: ROOT,
    }).then(
      ({ stdout }) => stdout,
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}` || String(err),
    );
    expect(report.trim()).toBe('');
  });
});
