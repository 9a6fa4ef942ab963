/**
 * What the database must hold after a crash, a shutdown or a scale-out run:
 * every order the server acknowledged, with exactly the lines it answered
 * with; no order without lines or without its first history row; for the
 * shoppers under test, no order that nobody was told about and no leftover cart.
 */
import type { Reader } from './databases.ts';

export interface AckedOrder {
  orderId: string;
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

  const partial = await reader.all<{ id: string }>(
    'select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
  );
  for (const o of partial) problems.push(`order ${o.id} has no lines (partial order)`);
  const noEvent = await reader.all<{ id: string }>(
    'select o.id from orders o where not exists (select 1 from order_events e where e.order_id = o.id)',
  );
  for (const o of noEvent) problems.push(`order ${o.id} has no history row`);
  const orphanLines = await reader.all<{ order_id: string }>(
    'select distinct l.order_id from order_lines l where not exists (select 1 from orders o where o.id = l.order_id)',
  );
  for (const l of orphanLines) problems.push(`order lines without an order: ${l.order_id}`);

  const byId = new Map(acked.map((a) => [a.orderId, a]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const orders = await reader.all<{ id: string; user_id: string }>(
      `select id, user_id from orders where id in (${inList(chunk)})`,
      chunk,
    );
    const lines = await reader.all<{ order_id: string; product_id: string; quantity: number }>(
      `select order_id, product_id, quantity from order_lines where order_id in (${inList(chunk)})`,
      chunk,
    );
    const found = new Map(orders.map((o) => [o.id, o]));
    const linesOf = new Map<string, Record<string, number>>();
    for (const l of lines) {
      const own = linesOf.get(l.order_id) ?? {};
      own[l.product_id] = Number(l.quantity);
      linesOf.set(l.order_id, own);
    }
    for (const id of chunk) {
      const want = byId.get(id) as AckedOrder;
      const row = found.get(id);
      if (!row) {
        problems.push(`acknowledged order ${id} is missing`);
        continue;
      }
      if (row.user_id !== want.userId) problems.push(`order ${id} belongs to ${row.user_id}, not ${want.userId}`);
      const have = linesOf.get(id) ?? {};
      const same =
        Object.keys(have).length === Object.keys(want.lines).length &&
        Object.entries(want.lines).every(([p, q]) => have[p] === q);
      if (!same)
        problems.push(
          `order ${id} lines ${JSON.stringify(have)} differ from acknowledged ${JSON.stringify(want.lines)}`,
        );
      ordersChecked++;
      linesChecked += Object.keys(have).length;
    }
  }

  const exact = options.exactFor ?? [];
  for (let i = 0; i < exact.length; i += 500) {
    const chunk = exact.slice(i, i + 500);
    const rows = await reader.all<{ id: string; user_id: string }>(
      `select id, user_id from orders where user_id in (${inList(chunk)})`,
      chunk,
    );
    for (const r of rows) {
      if (!byId.has(r.id)) problems.push(`order ${r.id} of ${r.user_id} was never acknowledged (counted twice?)`);
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
