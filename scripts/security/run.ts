/** Runs a scanner and collects what it printed; killed after `timeoutMs`. */
import { spawn } from 'node:child_process';
import { ROOT } from '../lib.ts';

export function runTool(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    const keep = (d: Buffer) => {
      out += d.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

export interface ScanContext {
  base: string;
  cookie: string;
  productId: string;
  /**
   * The shopper's own order, by its number (TSW-10427): orders are named by their number in every URL.
   * When absent, sqlmapScan asks the store for the shopper's newest order.
   */
  orderNumber?: string | undefined;
  address: string;
  /** Folder for the scanners' own state (removed afterwards). */
  work: string;
  /** Folder for reports (test-results/security). */
  reports: string;
  say: (line: string) => void;
  finding: (text: string) => void;
}
