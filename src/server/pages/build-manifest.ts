/**
 * What each screen of the built web app needs besides the entry, read from
 * Vite's manifest (dist/web/.vite/manifest.json, `build.manifest` in
 * vite.config.ts). The HTML of a page preloads its screen's chunks, so they
 * download alongside the entry instead of after it has run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface ScreenAssets {
  /** Script chunks, the screen's own first, as absolute paths. */
  scripts: string[];
  styles: string[];
}

/** A screen's assets by its source module ('routes/product.tsx'); null when there is no manifest. */
export type ScreenAssetsOf = (screen: string) => ScreenAssets | undefined;

export function readScreenAssets(distDir: string): ScreenAssetsOf | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  // The entry and its static imports are already in index.html (script and modulepreload tags).
  const inPage = new Set<string>();
  const addEntry = (key: string) => {
    if (inPage.has(key)) return;
    inPage.add(key);
    for (const child of manifest[key]?.imports ?? []) addEntry(child);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addEntry(key);

  const assets = new Map<string, ScreenAssets>();
  return (screen) => {
    if (!manifest[screen]) return undefined;
    let found = assets.get(screen);
    if (!found) {
      const scripts: string[] = [];
      const styles: string[] = [];
      const seen = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key) || inPage.has(key)) return;
        seen.add(key);
        scripts.push(`/${chunk.file}`);
        for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
        for (const child of chunk.imports ?? []) visit(child);
      };
      visit(screen);
      found = { scripts, styles };
      assets.set(screen, found);
    }
    return found;
  };
}
