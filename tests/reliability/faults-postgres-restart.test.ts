/**
 * Faults outside the app (issue 26), PostgreSQL restarted during an order storm:
 * a private cluster (initdb in a temporary folder, its own loopback port), the
 * store on it, shoppers placing orders one after another, and the cluster
 * stopped (`pg_ctl stop -m fast`: every session ended with 57P01, then
 * connections refused) for several seconds and started again.
 *
 * While it is down the store answers 503 "The shop is briefly unavailable. Please
 * try again in a minute." in its one error shape with Retry-After, promptly, never
 * a 500 or a hang, and /api/health says unavailable. The broken idle connections
 * do not end the process (the pool's error handler). It recovers by itself: health
 * ok, orders taken again, and the catalogue version's LISTEN connection back
 * (catalog-version-pg.ts). Every order that was acknowledged is in the database
 * with its lines; none was made twice or without its answer.
 */
import { afterAll, expect, it, onTestFailed } from 'vitest';
import { integrityProblems, openReader } from './support/databases.ts';
import { type Storm, startStorm, waitFor, watchHealth } from './support/faults.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData } from './support/fixtures.ts';
import { ADDRESS, inBatches, newKey, orderableProductIds, signUp } from './support/http.ts';
import { checkOrders } from './support/orders-check.ts';
import { createPgCluster, type PgCluster, pgBinariesPresent } from './support/pg-cluster.ts';
import { type StoreProcess, startStore } from './support/server.ts';

const SHOPPERS = 8;
/** How long PostgreSQL stays down at least. */
const OUTAGE_MS = 8_000;
/** An answer slower than this during the storm counts as a hang. */
const SLOW_MS = 10_000;
/** The catalogue version watch's queries on its own connection (catalog-version-pg.ts): LISTEN, then the version read. */
const LISTENER_QUERY = "(query like 'listen %' or query = 'select version from search_state where key = ''version''')";

let cluster: PgCluster | undefined;
let fresh: Fresh | undefined;
let store: StoreProcess | undefined;
let storm: Storm | undefined;
let healthLog: (() => string) | undefined;
afterAll(async () => {
  await storm?.stop().catch(() => {});
  await store?.stop().catch(() => {});
  await cluster?.close();
  await fresh?.cleanup();
});

it.skipIf(!pgBinariesPresent())(
  'PostgreSQL stopped and started during an order storm: 503s while down, recovery without a restart, nothing lost',
  async () => {
    onTestFailed(() => {
      console.log(`store output (end):\n${store?.output().slice(-4000)}`);
      console.log(`health answers (last):\n${healthLog?.()}`);
      console.log(`storm: ${JSON.stringify(storm?.statuses)} bad: ${JSON.stringify(storm?.bad.slice(0, 10))}`);
      console.log(`PostgreSQL log (end):\n${cluster?.log().slice(-2000)}`);
    });
    cluster = await createPgCluster();
    const databaseUrl = await cluster.createDatabase('store');
    // The seeded pictures are copied in, so seeding the new database finds them and skips re-encoding.
    fresh = await freshData('sqlite');
    // No advance step: each shopper may place any number of orders.
    store = await startStore({ dataDir: fresh.dataDir, databaseUrl, seed: true, env: { COD_ADVANCE: '0' } });
    const running = store;
    let exitedEarly = false;
    void running.exited.then(() => {
      exitedEarly = true;
    });
    const products = await orderableProductIds(running.url);
    const shoppers = await inBatches(SHOPPERS, 4, () => signUp(running.url));
    // One more shopper, outside the storm, with a cart filled before the fault: see the outage below.
    const prober = await signUp(running.url);
    expect((await prober.call('POST', '/api/cart/items', { productId: products[0], quantity: 1 })).status).toBe(200);
    const reader = await openReader({ databaseUrl });
    const listeners = async () =>
      Number(
        (
          await reader.all<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = 'store' and ${LISTENER_QUERY}`,
          )
        )[0]?.n,
      );
    await waitFor(async () => (await listeners()) === 1, 30_000, 'the catalogue version watch to listen');
    await reader.close();

    const health = watchHealth(running.url);
    healthLog = () => JSON.stringify(health.answers.slice(-40));
    storm = startStorm({ shoppers, products, allowed: ['database'], slowMs: SLOW_MS });
    const live = storm;
    await waitFor(() => live.good() && live.ordersSince(0) >= 10, 60_000, 'ten orders before the fault');

    // The fault: PostgreSQL stops; sessions in flight are ended, new connections refused.
    const stopAt = Date.now();
    await cluster.stop('fast');
    const downAt = Date.now();
    const ackedBeforeDown = live.tally.acked.length;
    await waitFor(
      () => live.good() && health.firstAt(503, downAt) !== undefined,
      15_000,
      '/api/health to say unavailable',
    );
    // Each step of the storm's checkouts is sent again until it is answered, so which step its shoppers
    // are on when PostgreSQL stops is chance: all of them adding to their carts sent no order while
    // it was down (1 run in about 20). An order sent now, from a cart filled before, must be a 503 in
    // the error shape, and so must the storm's orders whenever there are any.
    const probe = await prober.call('POST', '/api/orders', { address: ADDRESS, idempotencyKey: newKey() });
    expect(probe.status, JSON.stringify(probe.body)).toBe(503);
    expect(probe.body?.error?.message, JSON.stringify(probe.body)).toEqual(expect.any(String));
    await waitFor(() => live.good() && live.refusedSince(downAt) >= 3, 20_000, 'the storm to be answered 503');
    await waitFor(() => Date.now() - downAt >= OUTAGE_MS, OUTAGE_MS + 1000, 'the outage to last');
    const ordersWhileDown = live.ordersSince(downAt + 500);
    const healthWhileDown = health.answers.filter((a) => a.at > downAt + 200 && a.at < Date.now());

    // Back: started again, the store is not touched.
    await cluster.start();
    const upAt = Date.now();
    const outageMs = upAt - stopAt;
    await waitFor(() => live.good() && health.firstAt(200, upAt) !== undefined, 60_000, 'health ok again');
    await waitFor(() => live.good() && live.ordersSince(upAt) >= 1, 60_000, 'an order after the restart');
    const healthyAfterMs = (health.firstAt(200, upAt) as number) - upAt;
    const orderAfterMs = (live.firstOrderAt(upAt) as number) - upAt;
    const check = await openReader({ databaseUrl });
    await waitFor(
      async () => {
        const rows = await check.all<{ n: string }>(
          `select count(*) as n from pg_stat_activity where datname = 'store' and ${LISTENER_QUERY}`,
        );
        return Number(rows[0]?.n) === 1;
      },
      30_000,
      'the catalogue version watch to listen again',
      250,
    );
    const listeningAfterMs = Date.now() - upAt;
    // A few more orders on the recovered store, then every shopper finishes the checkout under way.
    const ordersAtUp = live.ordersSince(upAt);
    await waitFor(
      () => live.good() && live.ordersSince(upAt) >= ordersAtUp + 10,
      60_000,
      'ten more orders after recovery',
    );
    await live.stop();
    await health.stop();
    const crashed = exitedEarly;
    const stopped = await running.stop();

    const ids = shoppers.map((s) => s.userId);
    const orders = await checkOrders(check, live.tally.acked, { exactFor: ids, emptyCartsFor: ids });
    const integrity = await integrityProblems(check);
    await check.close();
    const idleLost = (running.output().match(/a connection was lost/g) ?? []).length;
    const watchRetries = (running.output().match(/catalogue version: not listening/g) ?? []).length;

    recordFigures('faults: PostgreSQL restarted during an order storm', {
      shoppers: SHOPPERS,
      'PostgreSQL down (pg_ctl stop -m fast to started)': `${(outageMs / 1000).toFixed(1)} s`,
      'health ok again after the start': `${healthyAfterMs} ms`,
      'first order after the start': `${orderAfterMs} ms`,
      'catalogue LISTEN seen back after the start': `${listeningAfterMs} ms`,
      'orders acknowledged (before the stop / in all)': `${ackedBeforeDown} / ${live.tally.acked.length}`,
      'orders acknowledged while down': ordersWhileDown,
      'orders replayed (answer lost, same key)': live.tally.replayed,
      'answers by status': JSON.stringify(live.statuses),
      '503 messages': JSON.stringify(live.unavailableMessages),
      'health answers while down': [...new Set(healthWhileDown.map((a) => a.status))].join(', '),
      'slowest answer': `${Math.round(live.slowestMs)} ms`,
      'pool connections lost (logged)': idleLost,
      'LISTEN reconnect attempts (logged)': watchRetries,
      'acknowledged orders missing or wrong': orders.problems.length,
      'orders checked': orders.ordersChecked,
    });

    expect(crashed, `the store exited during the fault:\n${running.output().slice(-3000)}`).toBe(false);
    expect(stopped.code).toBe(0);
    expect(live.bad, 'answers that were not a prompt 503 in the error shape').toEqual([]);
    expect(live.tally.violations).toEqual([]);
    expect(live.unavailableMessages).toEqual({
      'The shop is briefly unavailable. Please try again in a minute.': expect.any(Number),
    });
    expect(ordersWhileDown).toBe(0);
    expect(healthWhileDown.length).toBeGreaterThan(0);
    expect(healthWhileDown.every((a) => a.status === 503)).toBe(true);
    expect(orders.problems).toEqual([]);
    expect(orders.ordersChecked).toBe(live.tally.acked.length);
    expect(integrity).toEqual([]);
  },
);
