/**
 * The risk of a cash-on-delivery order (issue 35 items 1, 2, 5; docs/decisions/059-cod-risk-tiers.md).
 * Frozen in time: takes Kysely<any> and never imports app code.
 *
 * - cod_rules: every rule set the owner saved on COD RULES (weights, tiers, holdout, freight per
 *   return), as JSON; the newest is the one in force. Kept, never edited: an order names its set.
 * - orders.risk_*: what the order was placed with (tier, score, holdout, the reasons in the owner's
 *   words as JSON, the rule set): changing the rules never alters a placed order.
 * - orders.delivery_pincode / address_key: the delivery pincode and a normalised address, so the
 *   pincode's return rate and "the same address on many accounts" are index counts at checkout.
 *   Existing orders get their pincode here (the last six-digit number of the address, as
 *   common/delivery-place.ts reads it); their address_key only from new orders on.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cod_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cod_rules_created').on('cod_rules').columns(['created_at']).execute();

  await db.schema.alterTable('orders').addColumn('risk_tier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('risk_score', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('risk_holdout', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('risk_reasons', 'text').execute();
  await db.schema.alterTable('orders').addColumn('risk_rules_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('delivery_pincode', 'text').execute();
  await db.schema.alterTable('orders').addColumn('address_key', 'text').execute();

  // The pincode's (and through the directory, the district's) outcomes: counted per status.
  await db.schema.createIndex('orders_pincode_status').on('orders').columns(['delivery_pincode', 'status']).execute();
  // The same address: its accounts (distinct user_id) and its outcomes, from the index alone.
  await db.schema
    .createIndex('orders_address_key')
    .on('orders')
    .columns(['address_key', 'user_id', 'status'])
    .execute();
  // The COD RULES report reads placed orders by week.
  await db.schema.createIndex('orders_risk_created').on('orders').columns(['risk_tier', 'created_at']).execute();

  // Existing orders' pincodes, read in batches (an address is one line; the last six-digit number).
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'address'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows as Array<{ id: string; address: string }>) {
      const found = [...row.address.matchAll(/(?<![0-9])([1-9][0-9]{2}) ?([0-9]{3})(?![0-9])/g)].at(-1);
      if (found) {
        await db
          .updateTable('orders')
          .set({ delivery_pincode: `${found[1]}${found[2]}` })
          .where('id', '=', row.id)
          .execute();
      }
    }
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_risk_created').execute();
  await db.schema.dropIndex('orders_address_key').execute();
  await db.schema.dropIndex('orders_pincode_status').execute();
  for (const column of [
    'address_key',
    'delivery_pincode',
    'risk_rules_id',
    'risk_reasons',
    'risk_holdout',
    'risk_score',
    'risk_tier',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('cod_rules').execute();
}
