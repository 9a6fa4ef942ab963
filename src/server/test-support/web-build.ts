/** A built web app as bare as a page needs (index.html only: no renderer, no manifest), for tests of what pages carry. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BareWebBuild {
  dir: string;
  remove(): void;
}

export function bareWebBuild(): BareWebBuild {
  const dir = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--></head><body><div id="root"></div></body></html>',
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
