/**
 * The disk's limit for durable SQLite commits: one-row transactions in WAL
 * mode with synchronous=FULL (an fsync each) in a scratch file on the same
 * file system as the store. On a shared machine this swings tenfold with the
 * other engineers' disk traffic, so it is measured beside every orders run.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

export function durableCommitsPerSecond(dir: string, seconds: number): number {
  const file = join(dir, 'commit-limit.sqlite');
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('create table if not exists t (id integer primary key, v text not null)');
    const insert = db.prepare('insert into t (v) values (?)');
    const commit = db.transaction((v: string) => insert.run(v));
    const value = 'x'.repeat(400);
    const started = performance.now();
    let commits = 0;
    while (performance.now() - started < seconds * 1000) {
      commit(value);
      commits++;
    }
    return commits / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}
