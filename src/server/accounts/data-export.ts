/**
 * "Download my data" (docs/product.md#account-rights; DPDP Act 2023 s.11): everything the
 * shop holds about the shopper, as one JSON document: profile, addresses,
 * cart, orders with their lines and history, and the watches they viewed.
 * Read in one transaction so the parts agree with each other.
 */
import type { DataExport } from '../../common/schemas/account-rights.ts';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import { parseJsonList } from '../db/json.ts';
import type { Db } from '../db/tables.ts';
import { unauthorized } from '../http/errors.ts';

export async function exportData(db: Db, config: Config, userId: string, now = Date.now()): Promise<DataExport> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['name', 'phone', 'email', 'addresses', 'created_at', 'updated_at'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw unauthorized();
    const [cart, orders, lines, events, views] = await Promise.all([
      trx
        .selectFrom('cart_items')
        .innerJoin('products', 'products.id', 'cart_items.product_id')
        .select(['cart_items.product_id', 'products.name', 'cart_items.quantity', 'cart_items.added_at'])
        .where('cart_items.user_id', '=', userId)
        .orderBy('cart_items.added_at')
        .execute(),
      trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      trx
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .selectAll('order_lines')
        .where('orders.user_id', '=', userId)
        .orderBy('order_lines.line_no')
        .execute(),
      // The shopper's own steps and the shop's; which admin acted is the shop's business, not theirs.
      trx
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select(['order_events.order_id', 'order_events.kind', 'order_events.status', 'order_events.note'])
        .select('order_events.created_at')
        .where('orders.user_id', '=', userId)
        .orderBy('order_events.created_at')
        .orderBy('order_events.id')
        .execute(),
      trx
        .selectFrom('product_views')
        .innerJoin('products', 'products.id', 'product_views.product_id')
        .select(['product_views.product_id', 'products.name', 'product_views.created_at'])
        .where('product_views.user_id', '=', userId)
        .orderBy('product_views.created_at', 'desc')
        .execute(),
    ]);
    return {
      exportedAt: nowIso(now),
      shop: { name: config.shop.name, legalName: config.shop.legalName, email: config.shop.email },
      profile: {
        name: user.name,
        number: user.phone,
        email: user.email,
        createdAt: user.created_at,
        updatedAt: user.updated_at,
      },
      addresses: parseJsonList<string>(user.addresses),
      cart: cart.map((c) => ({
        productId: c.product_id,
        name: c.name,
        quantity: Number(c.quantity),
        addedAt: c.added_at,
      })),
      orders: orders.map((o) => ({
        number: o.number,
        placedAt: o.created_at,
        status: o.status,
        buyerName: o.buyer_name,
        phone: o.user_phone,
        address: o.address,
        total: Number(o.total),
        totalMrp: Number(o.total_mrp),
        advance: { state: o.advance_state, utr: o.advance_utr, note: o.advance_note },
        invoiceNumber: o.invoice_number,
        lines: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            productId: l.product_id,
            name: l.product_name,
            quantity: Number(l.quantity),
            mrp: Number(l.price),
            price: Number(l.discount_price),
          })),
        history: events
          .filter((e) => e.order_id === o.id)
          .map((e) => ({ kind: e.kind, status: e.status, note: e.note, at: e.created_at })),
      })),
      viewedProducts: views.map((v) => ({ productId: v.product_id, name: v.name, viewedAt: v.created_at })),
    };
  });
}
