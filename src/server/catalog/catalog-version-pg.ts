/**
 * The catalogue version on PostgreSQL without a database round trip per request
 * (docs/decisions/020-catalogue-invalidation.md; catalog-version-watch.ts picks this or the SQLite one).
 *
 * PostgreSQL. Every version bump also calls pg_notify(channel, version) in the
 * bumping transaction (search/index-writer.ts); PostgreSQL delivers it when
 * that transaction commits, never before its data is visible. Each app process
 * keeps one dedicated connection LISTENing on the channel and answers the
 * version from memory while all of these hold:
 *  - it is listening: LISTEN done and the version read once after it, so a
 *    write that committed while nobody listened (first start, a dropped
 *    connection) is not missed;
 *  - no write of this process is in flight: a transaction of this process
 *    that bumped the version past the one known and whose connection has not
 *    gone back to the pool. Until then the version is read per call, and once
 *    the connection is back the version is read once more; so this process
 *    sees its own writes at once, whichever code made them (product edits,
 *    stock running out, the seed), committed or rolled back.
 * Otherwise it reads the row per call, as without a watch. Another process's
 * write is seen when its notification arrives (about a millisecond on one
 * machine); a connection that dies without a word is found by the heartbeat
 * (a version read every HEARTBEAT_MS, QUERY_TIMEOUT_MS at most), which bounds
 * the wait then.
 */
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/tables.ts';
import { type CatalogVersionSource, readCatalogVersion, VERSION_SQL } from './catalog-version.ts';

/** Where the watch reports a lost connection. */
export interface Log {
  warn(details: object, message: string): void;
}

/**
 * The channel's name, worked out by PostgreSQL on each connection from its
 * schema, so that the writers (any pooled connection) and the listener agree,
 * and apps in different schemas of one database (the tests) do not hear each
 * other. md5 keeps it within the 63 bytes a channel name may have.
 */
export const CATALOG_CHANNEL_SQL = "'catalog_version_' || md5(current_schema())";

/** How often the listening connection is checked (and the version read as a safety net). */
export const HEARTBEAT_MS = 5_000;
/** A query on the listening connection taking longer means the connection is lost. */
export const QUERY_TIMEOUT_MS = 5_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * Per channel (database schema), backend pid -> the version that connection's
 * transaction bumped to: this process's bumps whose connection has not yet
 * gone back to its pool. Shared by every handle of the process (the tests run
 * two apps in one), so a bump made through any of them counts for all.
 */
const writesInFlight = new Map<string, Map<number, number>>();

/** Called by the writer right after bumping the version on PostgreSQL, inside its transaction. */
export function noteCatalogWrite(channel: string, pid: number, version: number): void {
  let writes = writesInFlight.get(channel);
  if (!writes) {
    writes = new Map();
    writesInFlight.set(channel, writes);
  }
  writes.set(pid, Math.max(version, writes.get(pid) ?? 0));
}

/** True while a bump of this process newer than `version` may be committing. */
function writeNewerThan(channel: string, version: number): boolean {
  const writes = writesInFlight.get(channel);
  if (writes) for (const bumped of writes.values()) if (bumped > version) return true;
  return false;
}

/** Forgets the bump of the connection `pid` (its transaction is over); true when there was one. */
function ended(pid: number): boolean {
  let found = false;
  for (const [channel, writes] of writesInFlight) {
    if (!writes.delete(pid)) continue;
    found = true;
    if (writes.size === 0) writesInFlight.delete(channel);
  }
  return found;
}

export interface PgWatchEvents {
  /** Listening (again); the version was read right after LISTEN. */
  listening: [pid: number];
  /** The listening connection failed or ended; answers read the version until it is back. */
  lost: [error: unknown];
  /** Another (or this) process's write was notified. */
  notified: [version: number];
}

/** Listens for version notifications on its own connection; see the module comment. */
export class PgCatalogVersionWatch extends EventEmitter<PgWatchEvents> implements CatalogVersionSource {
  /** The newest committed version seen (notified or read). */
  version = 0;
  listening = false;
  /** Backend pid of the listening connection while listening (tests terminate it). */
  listenerPid: number | null = null;
  /** Wait before reconnecting after a loss; doubles per failed attempt up to RETRY_MAX_MS. */
  retryMs = RETRY_FIRST_MS;

  /** This database's channel, known from the first connection on; reads per call until then. */
  private channel = '';
  private stale = false;
  private staleMarks = 0;
  private closed = false;
  private client: pg.Client | null = null;
  private wake: (() => void) | null = null;
  private readonly loop: Promise<void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pool: pg.Pool,
    private readonly log: Log,
  ) {
    super();
    pool.on('release', this.onRelease);
    this.loop = this.run();
  }

  current(): number | Promise<number> {
    if (this.listening && !this.stale && !writeNewerThan(this.channel, this.version)) return this.version;
    return this.read();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.pool.off('release', this.onRelease);
    this.wake?.();
    const client = this.client;
    if (client) await endSoon(client);
    await this.loop;
  }

  private async read(): Promise<number> {
    const marks = this.staleMarks;
    this.see(await readCatalogVersion(this.db));
    // A write of ours that ended while this read was under way needs another read.
    if (marks === this.staleMarks) this.stale = false;
    return this.version;
  }

  private see(version: number): void {
    if (version > this.version) this.version = version;
  }

  /** A pooled connection came back: if it had bumped the version, its transaction is over. */
  private readonly onRelease = (_error: unknown, client: pg.PoolClient): void => {
    const pid = (client as unknown as { processID?: number | null }).processID;
    if (pid != null && ended(pid)) {
      this.stale = true;
      this.staleMarks++;
    }
  };

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      const client = new pg.Client({
        ...(this.pool.options as pg.ClientConfig),
        keepAlive: true,
        query_timeout: QUERY_TIMEOUT_MS,
        connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      });
      let fail: (error: unknown) => void = () => {};
      const lost = new Promise<unknown>((resolve) => {
        fail = resolve;
      });
      client.on('error', fail);
      client.on('end', () => fail(new Error('the listening connection ended')));
      client.on('notification', (message) => {
        const version = Number(message.payload);
        if (!Number.isFinite(version)) return;
        this.see(version);
        this.emit('notified', version);
      });
      this.client = client;
      let heartbeat: NodeJS.Timeout | undefined;
      let error: unknown;
      try {
        await client.connect();
        const { rows } = await client.query<{ channel: string; pid: number }>(
          `select ${CATALOG_CHANNEL_SQL} as channel, pg_backend_pid() as pid`,
        );
        const { channel, pid } = rows[0] as { channel: string; pid: number };
        this.channel = channel;
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
        // After LISTEN: whatever committed before it is in this read, whatever after is notified.
        const read = await client.query<{ version: number }>(VERSION_SQL);
        this.see(Number(read.rows[0]?.version ?? 0));
        if (this.closed) break;
        this.listenerPid = pid;
        this.listening = true;
        failures = 0;
        this.emit('listening', pid);
        heartbeat = setInterval(() => {
          client.query<{ version: number }>(VERSION_SQL).then(
            (result) => this.see(Number(result.rows[0]?.version ?? 0)),
            (err) => fail(err),
          );
        }, HEARTBEAT_MS);
        heartbeat.unref();
        error = await lost;
      } catch (err) {
        error = err;
      } finally {
        clearInterval(heartbeat);
        this.listening = false;
        this.listenerPid = null;
        this.client = null;
        void endSoon(client);
      }
      if (this.closed) break;
      const retry = Math.min(this.retryMs * 2 ** failures++, RETRY_MAX_MS);
      this.emit('lost', error);
      this.log.warn(
        { err: error },
        `catalogue version: not listening, reading the version per request; retrying in ${retry} ms`,
      );
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, retry);
        this.wake = () => {
          clearTimeout(timer);
          resume();
        };
      });
      this.wake = null;
    }
  }
}

/** Ends a client, without waiting more than a second for a connection that no longer answers. */
function endSoon(client: pg.Client): Promise<void> {
  return new Promise<void>((done) => {
    const timer = setTimeout(done, 1000);
    timer.unref();
    client.end().then(
      () => done(),
      () => done(),
    );
  }).then(() => undefined);
}
