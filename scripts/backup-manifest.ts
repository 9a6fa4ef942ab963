/**
 * What a backup folder holds (manifest.json), shared by backup and restore:
 * the dialect, the database file, and a SHA-256 of every file, so a restore
 * can refuse a backup that was damaged or half-copied.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'store.sqlite';
export const PG_FILE = 'store.pgdump';
export const UPLOADS = 'uploads';

export interface Manifest {
  version: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** Path (relative to the backup folder, '/' separated) -> SHA-256 hex. */
  files: Record<string, string>;
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file under `dir`, relative to `root`, skipping the folders `skip` names. */
export function listFiles(dir: string, root = dir, skip: string[] = []): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (skip.includes(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...listFiles(path, root, skip));
    else out.push(relative(root, path).split('\\').join('/'));
  }
  return out;
}

export function hashFiles(root: string, paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((p) => [p, sha256(join(root, p))]));
}

/** The problems with a backup folder's files against its manifest (empty when it is whole). */
export function verifyBackup(dir: string): { manifest: Manifest; problems: string[] } {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new Error(`${dir} has no ${MANIFEST}: it is not a backup written by npm run backup`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const problems: string[] = [];
  for (const [file, hash] of Object.entries(manifest.files)) {
    const full = join(dir, file);
    if (!existsSync(full)) problems.push(`missing: ${file}`);
    else if (sha256(full) !== hash) problems.push(`changed: ${file}`);
  }
  return { manifest, problems };
}
