/**
 * What the database must hold after a crash, a shutdown or a scale-out run:
 * every order the server acknowledged (found by the number it answered with),
 * with exactly the lines it answered with; no order without lines, without its
 * first history row or without a number; no number given twice, and the
 * number counter past every number given (or the next order would collide);
 * for the shoppers under test, no order that nobody was told about and no
 * leftover cart.
 */
import type { Reader } from './databases.ts';

export interface AckedOrder {
  /** The order number the 2xx answer named (TSW-10427); answers carry no internal id. */
  orderNumber: string;
  userId: string;
  /** productId -> quantity, as the 2xx answer listed them. */
  lines: Record<string, number>;
}

export interface OrderCheck {
  problems: string[];
  ordersChecked: number;
  linesChecked: number;
}

export interface CheckOptions {
  /** Every order these shoppers have must be acknowledged (all their checkouts finished). */
  exactFor?: string[];
  /** These shoppers' carts must be empty (their last checkout finished). */
  emptyCartsFor?: string[];
}

function inList(ids: string[]): string {
  return ids.map(() => '?').join(', ');
}

export async function checkOrders(
  reader: Reader,
  acked: AckedOrder[],
  options: CheckOptions = {},
): Promise<OrderCheck> {
  const problems: string[] = [];
  let ordersChecked = 0;
  let linesChecked = 0;

  const partial = await reader.all<{ id: string; number: string | null }>(
    'select o.id, o.number from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
  );
  for (const o of partial) problems.push(`order ${o.number ?? o.id} has no lines (partial order)`);
  const noEvent = await reader.all<{ id: string; number: string | null }>(
    'select o.id, o.number from orders o where not exists (select 1 from order_events e where e.order_id = o.id)',
  );
  for (const o of noEvent) problems.push(`order ${o.number ?? o.id} has no history row`);
  const orphanLines = await reader.all<{ order_id: string }>(
    'select distinct l.order_id from order_lines l where not exists (select 1 from orders o where o.id = l.order_id)',
  );
  for (const l of orphanLines) problems.push(`order lines without an order: ${l.order_id}`);
  problems.push(...(await numberProblems(reader)));

  const byNumber = new Map(acked.map((a) => [a.orderNumber, a]));
  if (byNumber.size !== acked.length) problems.push('one order number was acknowledged for two different orders');
  const numbers = [...byNumber.keys()];
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    const orders = await reader.all<{ number: string; user_id: string }>(
      `select number, user_id from orders where number in (${inList(chunk)})`,
      chunk,
    );
    const lines = await reader.all<{ number: string; product_id: string; quantity: number }>(
      `select o.number, l.product_id, l.quantity from order_lines l join orders o on o.id = l.order_id where o.number in (${inList(chunk)})`,
      chunk,
    );
    const found = new Map(orders.map((o) => [o.number, o]));
    const linesOf = new Map<string, Record<string, number>>();
    for (const l of lines) {
      const own = linesOf.get(l.number) ?? {};
      own[l.product_id] = Number(l.quantity);
      linesOf.set(l.number, own);
    }
    for (const number of chunk) {
      const want = byNumber.get(number) as AckedOrder;
      const row = found.get(number);
      if (!row) {
        problems.push(`acknowledged order ${number} is missing`);
        continue;
      }
      if (row.user_id !== want.userId) problems.push(`order ${number} belongs to ${row.user_id}, not ${want.userId}`);
      const have = linesOf.get(number) ?? {};
      const same =
        Object.keys(have).length === Object.keys(want.lines).length &&
        Object.entries(want.lines).every(([p, q]) => have[p] === q);
      if (!same)
        problems.push(
          `order ${number} lines ${JSON.stringify(have)} differ from acknowledged ${JSON.stringify(want.lines)}`,
        );
      ordersChecked++;
      linesChecked += Object.keys(have).length;
    }
  }

  const exact = options.exactFor ?? [];
  for (let i = 0; i < exact.length; i += 500) {
    const chunk = exact.slice(i, i + 500);
    const rows = await reader.all<{ number: string; user_id: string }>(
      `select number, user_id from orders where user_id in (${inList(chunk)})`,
      chunk,
    );
    for (const r of rows) {
      if (!byNumber.has(r.number))
        problems.push(`order ${r.number} of ${r.user_id} was never acknowledged (counted twice?)`);
    }
  }
  const carts = options.emptyCartsFor ?? [];
  for (let i = 0; i < carts.length; i += 500) {
    const chunk = carts.slice(i, i + 500);
    const rows = await reader.all<{ user_id: string; product_id: string }>(
      `select user_id, product_id from cart_items where user_id in (${inList(chunk)})`,
      chunk,
    );
    for (const r of rows) problems.push(`cart of ${r.user_id} still holds ${r.product_id} after its order`);
  }
  return { problems, ordersChecked, linesChecked };
}

/**
 * Order numbers across the whole database: every order has one, none is given
 * twice, and the counter the next number comes from is past the highest one
 * given (a counter left behind by a crash would make the next order collide).
 */
async function numberProblems(reader: Reader): Promise<string[]> {
  const problems: string[] = [];
  const rows = await reader.all<{ id: string; number: string | null }>('select id, number from orders');
  const seen = new Set<string>();
  let highest = 0;
  for (const r of rows) {
    if (!r.number) {
      problems.push(`order ${r.id} has no number`);
      continue;
    }
    if (seen.has(r.number)) problems.push(`order number ${r.number} given twice`);
    seen.add(r.number);
    highest = Math.max(highest, Number(r.number.slice(r.number.lastIndexOf('-') + 1)));
  }
  // SQLite takes numbers from the counters row, PostgreSQL from a sequence (src/server/orders/order-number.ts).
  const [counter] =
    reader.dialect === 'postgres'
      ? await reader.all<{ value: number }>('select last_value as value from order_number_seq')
      : await reader.all<{ value: number }>("select value from counters where key = 'order_number'");
  if (!counter) problems.push('the order number counter is missing');
  else if (Number(counter.value) < highest)
    problems.push(`the order number counter (${counter.value}) is behind the highest number given (${highest})`);
  return problems;
}
