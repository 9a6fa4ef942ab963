/**
 * One shopper's checkout the way a patient browser does it: add 1-3 watches to
 * the cart, look at the cart, place the order with one idempotency key, and
 * retry any request that got no answer (server killed, restarting, shutting
 * down) until it does. Records every acknowledged order and anything that
 * breaks the rules (a cart that lost its watches, a refused retry).
 */
import { randomInt } from 'node:crypto';
import { ADDRESS, type Answer, newKey, ok, type Shopper } from './http.ts';
import type { AckedOrder } from './orders-check.ts';
import { sleep } from './server.ts';

export interface Tally {
  /** Every HTTP request tried, answered or not. */
  requests: number;
  /** Requests answered below 500 (what the server got done). */
  answered: number;
  /** Requests that got no answer (connection refused or broken). */
  unanswered: number;
  /** 5xx answers (503 while the server closes). */
  unavailable: number;
  acked: AckedOrder[];
  /** Orders that committed but whose answer was lost, recovered by re-sending the same key. */
  replayed: number;
  violations: string[];
}

export const newTally = (): Tally => ({
  requests: 0,
  answered: 0,
  unanswered: 0,
  unavailable: 0,
  acked: [],
  replayed: 0,
  violations: [],
});

export interface CycleOptions {
  products: string[];
  tally: Tally;
  /** Base URL for each request (scale-out alternates processes); the session's own when absent. */
  pickUrl?: () => string;
  /** Gives up retrying after this long without an answer. */
  patienceMs?: number;
  /**
   * True while the test is taking the server down on purpose (the crash test's kills): no
   * answer is expected then, however long restarts take on a busy machine, so the patience
   * counts from when it turns false.
   */
  downOnPurpose?: () => boolean;
  /** Told of every request tried and its answer (the fault scenarios look at each 5xx). */
  observe?: (seen: { method: string; path: string; answer: Answer; ms: number }) => void;
}

/** Sends until an HTTP answer below 500 arrives; null when patience ran out. */
async function persist(shopper: Shopper, options: CycleOptions, method: string, path: string, body?: unknown) {
  const { tally } = options;
  const patience = options.patienceMs ?? 120_000;
  let deadline = Date.now() + patience;
  for (;;) {
    if (options.downOnPurpose?.()) deadline = Date.now() + patience;
    tally.requests++;
    const sentAt = performance.now();
    const answer: Answer = await shopper.call(method, path, body, options.pickUrl?.() ?? shopper.baseUrl);
    options.observe?.({ method, path, answer, ms: performance.now() - sentAt });
    if (answer.status === 0) tally.unanswered++;
    else if (answer.status >= 500) tally.unavailable++;
    else {
      tally.answered++;
      return answer;
    }
    if (Date.now() > deadline) return null;
    await sleep(randomInt(50, 250));
  }
}

export async function checkoutCycle(shopper: Shopper, options: CycleOptions): Promise<void> {
  const { tally, products } = options;
  const wanted = new Set<string>();
  const count = randomInt(1, 4);
  while (wanted.size < count) wanted.add(products[randomInt(0, products.length)] as string);

  for (const productId of wanted) {
    const answer = await persist(shopper, options, 'POST', '/api/cart/items', { productId, quantity: 1 });
    if (!answer) return void tally.violations.push(`add to cart never answered (${shopper.userId})`);
    if (!ok(answer)) {
      tally.violations.push(`add to cart refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
  }
  const cart = await persist(shopper, options, 'GET', '/api/cart');
  if (cart && ok(cart)) {
    const inCart = new Set((cart.body.lines as Array<{ productId: string }>).map((l) => l.productId));
    for (const p of wanted) if (!inCart.has(p)) tally.violations.push(`cart of ${shopper.userId} lost ${p}`);
  }

  // One key for the whole checkout: every re-send after a lost answer must give the same order.
  const idempotencyKey = newKey();
  const answer = await persist(shopper, options, 'POST', '/api/orders', { address: ADDRESS, idempotencyKey });
  if (!answer) return void tally.violations.push(`order never answered (${shopper.userId})`);
  if (!ok(answer)) {
    tally.violations.push(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    return;
  }
  const order = answer.body.order as { number: string; lines: Array<{ productId: string; quantity: number }> };
  const lines = Object.fromEntries(order.lines.map((l) => [l.productId, l.quantity]));
  const ordered = new Set(Object.keys(lines));
  if (ordered.size !== wanted.size || [...wanted].some((p) => !ordered.has(p))) {
    tally.violations.push(`order ${order.number} holds ${[...ordered]} but the cart had ${[...wanted]}`);
  }
  if (answer.status === 200) tally.replayed++;
  tally.acked.push({ orderNumber: order.number, userId: shopper.userId, lines });
}
