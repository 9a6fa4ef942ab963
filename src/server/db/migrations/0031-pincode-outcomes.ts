/**
 * Each pincode's finished orders, kept as counts (issue 35 item 1; risk/pincode-outcomes.ts): the
 * pincode's and the district's return rates at checkout read a few dozen rows by key, whatever the
 * shop's size, where counting orders_pincode_status read every order of the district (about 500 a
 * pincode at 1,000,000 orders). Kept by the one state path (orders/transition.ts) from here on.
 * Frozen in time: takes Kysely<any> and never imports app code (decision 045), so the two finished
 * states are written out: 'delivered' (the cash collected) and 'returned' (the parcel came back).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pincode_outcomes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into pincode_outcomes (pincode, delivered, returned)
    select delivery_pincode,
      sum(case when status = 'delivered' then 1 else 0 end),
      sum(case when status = 'returned' then 1 else 0 end)
    from orders
    where delivery_pincode is not null and status in ('delivered', 'returned')
    group by delivery_pincode`.execute(db);
  // Nothing else reads orders by pincode: the index only cost every order's insert and state change.
  await db.schema.dropIndex('orders_pincode_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_pincode_status').on('orders').columns(['delivery_pincode', 'status']).execute();
  await db.schema.dropTable('pincode_outcomes').execute();
}
