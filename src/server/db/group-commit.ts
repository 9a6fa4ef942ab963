/**
 * Group commit for SQLite (docs/decisions/011-sqlite-group-commit.md).
 *
 * With synchronous=FULL every COMMIT waits for an fsync, and better-sqlite3
 * waits in the main thread, so one order per transaction spends most of its
 * time on the disk. Here writes that arrive while a transaction is busy queue
 * up and the next transaction runs all of them, each in its own savepoint, and
 * commits once: one fsync for the whole group.
 *
 * What a caller sees is unchanged: its work either commits whole (its promise
 * resolves only after the shared COMMIT returned, so nothing is acknowledged
 * before it is durable) or leaves no trace (an error rolls back to its
 * savepoint, and the promise rejects with that error). One write failing never
 * touches the others in its group. When a group fails as a whole (COMMIT
 * itself fails), every member rejects.
 *
 * PostgreSQL commits concurrent transactions together by itself, so there
 * writeTransaction is simply db.transaction().
 */
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Database } from './tables.ts';

/** Most writes in one group: bounds how long the first of them waits for its answer. */
export const GROUP_LIMIT = 64;

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class GroupCommitter {
  private queue: Job[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        // Start on the next turn of the event loop, not now: better-sqlite3 answers every
        // statement at once, so a group started now would hold only this write and commit
        // before the next request is even read (measured: 1.0 COMMIT per order). Waiting
        // one turn lets the requests already received join the group.
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.commitGroup(this.queue.splice(0, GROUP_LIMIT));
    } finally {
      this.running = false;
    }
  }

  private async commitGroup(group: Job[]): Promise<void> {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const job of group) job.reject(error);
      return;
    }
    const done: Array<{ job: Job; value: unknown }> = [];
    try {
      for (const job of group) {
        const savepoint = await trx.savepoint('write').execute();
        try {
          const value = await job.work(savepoint);
          await savepoint.releaseSavepoint('write').execute();
          done.push({ job, value });
        } catch (error) {
          // This write leaves no trace; the group goes on without it.
          try {
            await savepoint.rollbackToSavepoint('write').execute();
            await savepoint.releaseSavepoint('write').execute();
          } catch {
            // SQLite rolled the whole transaction back itself (SQLITE_FULL, SQLITE_IOERR, a trigger's
            // RAISE(ROLLBACK)): the savepoint is gone and so are the group's earlier writes. The group
            // fails with the write's own error, not "no such savepoint" (decision 025).
            throw error;
          }
          job.reject(error);
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The savepoint machinery or COMMIT failed: nothing of the group is kept.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      // (Rejecting a job that already failed on its own error changes nothing.)
      for (const job of group) job.reject(error);
      return;
    }
    for (const { job, value } of done) job.resolve(value);
  }
}

const committers = new WeakMap<object, GroupCommitter>();

/** Called once when a SQLite database is opened: its writes commit in groups from then on. */
export function enableGroupCommit(db: Kysely<Database>): void {
  committers.set(db, new GroupCommitter(db));
}

/**
 * Runs `work` in a write transaction: grouped with concurrent writes on
 * SQLite, a transaction of its own on PostgreSQL. `work` must use only `trx`.
 */
export function writeTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  const committer = committers.get(db);
  return committer ? committer.run(work) : db.transaction().execute(work);
}
