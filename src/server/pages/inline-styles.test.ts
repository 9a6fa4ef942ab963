import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';

/*
 * The page's style sheets travel inside its HTML, allowed by their hashes in the CSP
 * (docs/decisions/033-inline-styles.md): the browser paints without another round trip.
 */

const ENTRY_CSS = 'body{margin:0;color:#101820}.navbar{display:flex}';
const HOME_CSS = '.hero{aspect-ratio:8/3}';
// A sheet that could end the <style> element is never inlined.
const UNSAFE_CSS = '.x::after{content:"</style><script>alert(1)</script>"}';

let t: TestApp;
let dist: string;

function writeBuild(dir: string): void {
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--app-site--><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="stylesheet" crossorigin href="/assets/index-e.css"></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-e.css'), ENTRY_CSS);
  writeFileSync(join(dir, 'assets', 'home-h.css'), HOME_CSS);
  writeFileSync(join(dir, 'assets', 'policy-u.css'), UNSAFE_CSS);
  mkdirSync(join(dir, '.vite'));
  const screen = (file: string, css: string[]) => ({ file, isDynamicEntry: true, imports: ['index.html'], css });
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e.js', isEntry: true, css: ['assets/index-e.css'] },
      'routes/home.tsx': screen('assets/home-h.js', ['assets/home-h.css']),
      'routes/policy.tsx': screen('assets/policy-u.js', ['assets/policy-u.css']),
    }),
  );
}

const sha = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'watch-dist-'));
  writeBuild(dist);
  t = await createTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('style sheets inside the page', () => {
  it('the entry’s and the screen’s sheets are inlined, in order, each allowed by its hash', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    // No style sheet left for the first paint to wait on.
    expect(head).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*href="\/assets\//);
    const styles = [...head.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map((m) => [m[1], m[2]]);
    expect(styles).toEqual([
      ['/assets/index-e.css', ENTRY_CSS],
      ['/assets/home-h.css', HOME_CSS],
    ]);
    // The screen's sheet keeps a disabled link, which Vite's loader reads as "already in the page".
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-h.css" disabled>');
    const csp = String(page.headers['content-security-policy']);
    const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1] ?? '';
    // What the browser hashes is the element's text: the same bytes as read back from the page.
    for (const [, css] of styles) expect(styleSrc).toContain(sha(css ?? ''));
    expect(styleSrc).not.toContain('unsafe-inline');
  });

  it('a sheet that could end its element stays a link and gets no hash', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/terms-and-conditions' });
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/policy-u.css">');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(String(page.headers['content-security-policy'])).not.toContain(sha(UNSAFE_CSS));
  });

  it('answers that are not pages keep the plain policy', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toContain("style-src 'self';");
  });
});
