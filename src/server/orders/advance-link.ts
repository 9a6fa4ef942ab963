/**
 * The advance link (issue 34 item 16; docs/product.md#the-advance): /advance/<order number>/<token>,
 * the page the order's WhatsApp message and mail send the shopper to, to pay the advance without
 * logging in. Signed like the failed-delivery link (shipping/delivery-choice-link.ts), with the
 * store's link secret over `advance:<number>`, so neither link's token opens the other page.
 * Anyone holding it sees that order's advance (amount, on delivery, UPI link and QR) and may send a
 * UPI reference for it, through the logged-in shopper's own code and limits (advance.ts, decision
 * 051); nothing else about the order or the shopper. A wrong token, an unknown order and a closed
 * one (cancelled, expired) are one and the same 404.
 */
import { stateRule } from '../../common/orders.ts';
import { ADVANCE_LINK_MESSAGE, type AdvanceLinkReply } from '../../common/schemas/order.ts';
import type { Config } from '../config.ts';
import type { Db, OrderRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { submitAdvance } from './advance.ts';
import { advanceLinkMatches } from './advance-link-url.ts';
import { switchToPayInFull } from './pay-in-full.ts';
import { orderAdvanceOf } from './queries.ts';

/** The link's order row, or the one 404. */
export async function advanceLinkRow(db: Db, config: Config, orderNumber: string, token: string): Promise<OrderRow> {
  if (!(await advanceLinkMatches(db, config, orderNumber, token))) throw notFound(ADVANCE_LINK_MESSAGE);
  const row = await db.selectFrom('orders').selectAll().where('number', '=', orderNumber).executeTakeFirst();
  if (!row || stateRule(row.status).closed) throw notFound(ADVANCE_LINK_MESSAGE);
  return row;
}

/**
 * A UPI reference sent through the link, by the app (advance-link-routes.ts) or a form posted
 * without it (advance-link-form-route.ts): for the order's own account, under the logged-in
 * shopper's rules and limits (advance.ts submitAdvance, decision 051). The caller nudges the mail.
 */
export async function sendAdvanceByLink(
  db: Db,
  config: Config,
  orderNumber: string,
  token: string,
  utr: string,
): Promise<AdvanceLinkReply> {
  const row = await advanceLinkRow(db, config, orderNumber, token);
  await submitAdvance(db, config, row.user_id, row.number, utr);
  return advanceLinkReply(config, await advanceLinkRow(db, config, orderNumber, token));
}

/** The link's order switched to paying in full (pay-in-full.ts), for the order's own account. */
export async function payInFullByLink(
  db: Db,
  config: Config,
  orderNumber: string,
  token: string,
): Promise<AdvanceLinkReply> {
  const row = await advanceLinkRow(db, config, orderNumber, token);
  await switchToPayInFull(db, config, row.number, row.user_id);
  return advanceLinkReply(config, await advanceLinkRow(db, config, orderNumber, token));
}

/** What the link's page shows: the order's number, state and advance, nothing more. */
export function advanceLinkReply(config: Config, row: OrderRow): AdvanceLinkReply {
  return { order: { number: row.number, status: row.status, advance: orderAdvanceOf(config, row) } };
}
