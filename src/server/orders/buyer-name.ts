import { sql } from 'kysely';

/**
 * The name an order was placed under, in SQL over `orders` joined to `users`: the name kept on the
 * order, or the account's for orders from before it was kept there (the demo's and the first
 * weeks'). An erased account's orders keep theirs (docs/privacy.md). Admin Orders and the GST
 * returns' sales register read it alike, so a buyer is never blank in one and named in the other.
 */
export const ORDER_BUYER_NAME = sql<string>`coalesce(nullif(orders.buyer_name, ''), users.name)`;
