/**
 * Faults outside the app answer 503 in the one error shape, with Retry-After and
 * a message a shopper can act on, never a 500 (docs/decisions/025-faults.md):
 * the errors each fault really raises (node-postgres against a closed port, a
 * full SQLite file, a bucket nobody answers at) are recognised, and the real
 * routes answer them so. The long versions, with real outages of real
 * dependencies, are tests/reliability/faults-*.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { adminCookie, multipart, pngImage } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { AppError } from './errors.ts';
import { OUTAGE_ANSWERS, OutageError, outageOf } from './service-unavailable.ts';

/** A loopback port nothing listens on (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** What node-postgres raises for an error PostgreSQL sends (a DatabaseError with its SQLSTATE). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

function expectOutageAnswer(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  outage: keyof typeof OUTAGE_ANSWERS,
) {
  const answer = OUTAGE_ANSWERS[outage];
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(answer.retryAfterSeconds));
  expect(response.json()).toEqual({ error: { code: answer.code, message: answer.message } });
}

describe('which errors are faults outside the app', () => {
  it('the database going away, restarting or unreachable', async () => {
    const refused = await new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'nobody' }).connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(outageOf(refused)).toBe('database');
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['08006', 'connection failure'],
      ['08P01', 'protocol violation'],
    ] as const) {
      expect(outageOf(pgError(code, message)), code).toBe('database');
    }
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(outageOf(new Error('Client has encountered a connection error and is not queryable'))).toBe('database');
    expect(outageOf(new Error('timeout exceeded when trying to connect'))).toBe('database');
    // A connection tried on several addresses fails with all of their errors.
    const both = new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })], 'connect');
    expect(outageOf(both)).toBe('database');
    expect(outageOf(new Error('wrapped', { cause: pgError('57P01', 'shutdown') }))).toBe('database');
  });

  it('a full or failing disk', () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'ENOSPC', '53100']) {
      expect(outageOf(Object.assign(new Error('full'), { code })), code).toBe('disk_full');
    }
  });

  it('not a bug, a refusal or a conflict', () => {
    expect(outageOf(new Error('boom'))).toBeNull();
    expect(outageOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(outageOf(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(outageOf(pgError('42P01', 'relation "nope" does not exist'))).toBeNull();
    expect(outageOf(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeNull();
    expect(outageOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBeNull();
    expect(outageOf(new AppError(409, 'conflict', 'taken'))).toBeNull();
    expect(outageOf(null)).toBeNull();
    expect(outageOf('ECONNREFUSED')).toBeNull();
  });
});

describe('the one error handler answers them 503', () => {
  let t: TestApp;
  const thrown: Record<string, () => unknown> = {
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    shutdown: () => pgError('57P01', 'terminating connection due to administrator command'),
    starting: () => pgError('57P03', 'the database system is starting up'),
    cut: () => new Error('Connection terminated unexpectedly'),
    full: () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    bucket: () => new OutageError('pictures', 'the bucket is unavailable'),
    bug: () => new Error('a bug, with a stack'),
  };
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        app.get<{ Params: { which: string } }>('/test/throw/:which', async (request) => {
          throw (thrown[request.params.which] as () => unknown)();
        });
      },
    });
  });
  afterAll(() => t?.close());

  const get = (which: string) => t.app.inject({ method: 'GET', url: `/test/throw/${which}` });

  it('the database down: "briefly unavailable", Retry-After, nothing of the error shown', async () => {
    for (const which of ['refused', 'shutdown', 'starting', 'cut']) {
      const response = await get(which);
      expectOutageAnswer(response, 'database');
      expect(response.body).not.toMatch(/ECONNREFUSED|administrator|terminated|stack/);
    }
  });

  it('the disk full: "cannot take orders right now"', async () => {
    expectOutageAnswer(await get('full'), 'disk_full');
  });

  it('the bucket unreachable', async () => {
    expectOutageAnswer(await get('bucket'), 'pictures');
  });

  it('a bug stays a 500 with the generic message', async () => {
    const response = await get('bug');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
  });
});

describe('the real routes, with PostgreSQL unreachable', () => {
  let app: FastifyInstance;
  let database: OpenedDatabase;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'watch-unavailable-'));
    database = openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${await closedPort()}/store`, poolSize: 2 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the pool hears its connections break (an unheard pool error would end the process)', () => {
    expect(database.pool?.listenerCount('error')).toBeGreaterThan(0);
  });

  it('answers the catalogue, sign-up and log-in 503, and the health check says unavailable', async () => {
    expectOutageAnswer(await app.inject({ method: 'GET', url: '/api/products' }), 'database');
    expectOutageAnswer(
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { number: '9876543210', password: 'long-enough-1' },
      }),
      'database',
    );
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'postgres' });
  });
});

describe('a write on a full SQLite file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        // One write through the app's own Kysely and driver, as a route makes it.
        app.post('/test/write', async () => {
          await sql`insert into fault_filler (v) values (${'x'.repeat(3000)})`.execute(app.db);
          return { ok: true };
        });
      },
    });
    await sql`create table fault_filler (v text not null)`.execute(t.app.db);
  });
  afterAll(() => t?.close());

  const write = () => t.app.inject({ method: 'POST', url: '/test/write' });

  it('answers 503 "cannot take orders right now", and writes again once there is room', async () => {
    const sqlite = t.database.sqlite as NonNullable<OpenedDatabase['sqlite']>;
    // SQLite's own limit on the file's pages: a write that needs one more page fails with
    // SQLITE_FULL, the error a full disk gives. (Orders on a really full disk, which fail
    // at COMMIT: tests/reliability/faults-disk-full.test.ts.)
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    const normal = Number(sqlite.pragma('max_page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    let refused = 0;
    try {
      // The file may have a few free pages; writes fill them, then the next one is refused.
      for (let i = 0; i < 200 && refused === 0; i++) {
        const response = await write();
        if (response.statusCode === 200) continue;
        expectOutageAnswer(response, 'disk_full');
        refused++;
      }
    } finally {
      sqlite.pragma(`max_page_count = ${normal}`);
    }
    expect(refused).toBe(1);
    expect((await write()).statusCode).toBe(200);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

describe('the real upload route, with the bucket unreachable', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        S3_BUCKET: 'pictures',
        S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    admin = await adminCookie(t);
  });
  afterAll(() => t?.close());

  it('an upload answers "could not be stored", a product naming a picture "briefly unavailable"', async () => {
    const body = multipart([{ name: 'watch.png', data: await pngImage() }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expectOutageAnswer(upload, 'pictures_not_stored');
    expect(upload.json().error.message).toBe('The pictures could not be stored. Please try again.');
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: admin },
      payload: {
        name: 'Bucket Down Diver',
        brand: 'Titan',
        category: 'men watch',
        price: 12000,
        discountPrice: 9999,
        images: ['0123456789abcdef0123456789abcdef'],
      },
    });
    expectOutageAnswer(product, 'pictures');
    const listing = await t.app.inject({ method: 'GET', url: '/api/products?q=bucket' });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().items).toEqual([]);
  });
});
