/**
 * A shopper asks an exchange or reports a problem on one line of their delivered order
 * (docs/product.md#after-sales). In one transaction, under the order's row lock (so two taps, or
 * two tabs, are taken one after the other): the order is theirs and delivered, the window is still
 * open (24 hours for an exchange, 5 days for a problem, from delivery: common/after-sales-rules.ts),
 * the line exists and has no open request (the unique open_key holds that even against a race),
 * the wanted watch is sold and in stock, and the request is stored with its messages queued.
 */
import type { z } from 'zod';
import {
  formatRequestNumber,
  LINE_SETTLED,
  LINE_SETTLED_STATES,
  windowClosedReason,
} from '../../common/after-sales-rules.ts';
import type { afterSalesRequestInputSchema } from '../../common/schemas/after-sales.ts';
import type { Config } from '../config.ts';
import { takeCounter } from '../db/counters.ts';
import { writeTransaction } from '../db/group-commit.ts';
import { newId, nowIso } from '../db/ids.ts';
import { toJson } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, badRequest, conflict } from '../http/errors.ts';
import { lockOrder } from '../orders/lock.ts';
import { queueStepMessages } from './messages.ts';
import { deliveredAt, openKey } from './queries.ts';

export type AskInput = z.output<typeof afterSalesRequestInputSchema>;

export const LINE_NOT_FOUND = 'We could not find this watch in your order';
export const ALREADY_OPEN = 'This watch already has a request we are working on. Please wait for our answer.';
export const NOT_DELIVERED = 'You can ask once the watch is delivered.';
export const WANTED_UNAVAILABLE = 'Sorry, that watch is out of stock or no longer sold. Please choose another one.';

export async function askRequest(
  db: Db,
  config: Config,
  userId: string,
  orderNumber: string,
  input: AskInput,
  now = Date.now(),
): Promise<string> {
  try {
    return await writeTransaction(db, async (trx) => {
      const order = await lockOrder(trx, { number: orderNumber, userId });
      if (order.status !== 'delivered') throw conflict(NOT_DELIVERED);
      const closed = windowClosedReason(input.kind, await deliveredAt(trx, order.id), now);
      if (closed) throw conflict(closed);
      const line = await trx
        .selectFrom('order_lines')
        .select(['line_no', 'discount_price', 'product_id'])
        .where('order_id', '=', order.id)
        .where('line_no', '=', input.lineNo)
        .executeTakeFirst();
      if (!line) throw badRequest(LINE_NOT_FOUND, { lineNo: LINE_NOT_FOUND });
      const key = openKey(order.id, input.lineNo);
      const open = await trx
        .selectFrom('after_sales_requests')
        .select('id')
        .where('open_key', '=', key)
        .executeTakeFirst();
      if (open) throw conflict(ALREADY_OPEN);
      const settled = await trx
        .selectFrom('after_sales_requests')
        .select('id')
        .where('order_id', '=', order.id)
        .where('line_no', '=', input.lineNo)
        .where('state', 'in', LINE_SETTLED_STATES)
        .executeTakeFirst();
      if (settled) throw conflict(LINE_SETTLED);

      let wanted: { id: string; name: string; price: number } | null = null;
      if (input.kind === 'exchange') {
        const p = await trx
          .selectFrom('products')
          .select(['id', 'name', 'discount_price', 'in_stock', 'stock_count', 'deleted_at'])
          .where('id', '=', input.wantedProductId ?? '')
          .executeTakeFirst();
        // The same watch is always possible: it is the one coming back.
        const same = p?.id === line.product_id;
        if (
          !p ||
          p.deleted_at !== null ||
          (!same && (Number(p.in_stock) !== 1 || (p.stock_count !== null && Number(p.stock_count) < 1)))
        ) {
          throw new AppError(409, 'unavailable', WANTED_UNAVAILABLE, { wantedProductId: WANTED_UNAVAILABLE });
        }
        // Its price as the shopper saw it when asking: what the difference is worked out from.
        wanted = { id: p.id, name: p.name, price: Number(p.discount_price) };
      }
      const id = newId(now);
      const at = nowIso(now);
      await trx
        .insertInto('after_sales_requests')
        .values({
          id,
          number: formatRequestNumber(await takeCounter(trx, 'after_sales')),
          order_id: order.id,
          line_no: input.lineNo,
          user_id: userId,
          kind: input.kind,
          problem: input.kind === 'problem' ? (input.problem ?? null) : null,
          reason: input.reason,
          wanted_product_id: wanted?.id ?? null,
          wanted_name: wanted?.name ?? null,
          wanted_price: wanted?.price ?? null,
          photos: toJson(input.kind === 'problem' ? input.photos : []),
          open_key: key,
          state: 'requested',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await queueStepMessages(trx, config, { requestId: id, step: 'asked' });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_OPEN);
    throw err;
  }
}
