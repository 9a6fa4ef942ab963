/**
 * The review link (docs/product.md#reviews): /review/<order>/<token>, no log-in, signed like the
 * advance link (orders/advance-link-url.ts) with the store's link secret over `review:<number>`, so
 * no other link's token opens it and nothing per link is stored.
 */
import { ensureLinkSecret, linkToken, linkTokenMatches } from '../auth/signed-links.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';

const message = (orderNumber: string) => `review:${orderNumber}`;

/** The page's path for an order (the link secret loaded first). */
export async function reviewLinkPath(db: Db, config: Config, orderNumber: string): Promise<string> {
  await ensureLinkSecret(db, config);
  return `/review/${encodeURIComponent(orderNumber)}/${linkToken(config, message(orderNumber))}`;
}

/** The full address, for mail and WhatsApp. */
export async function reviewLinkUrl(db: Db, config: Config, orderNumber: string): Promise<string> {
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return base + (await reviewLinkPath(db, config, orderNumber));
}

export async function reviewLinkMatches(db: Db, config: Config, orderNumber: string, token: string): Promise<boolean> {
  await ensureLinkSecret(db, config);
  return linkTokenMatches(config, message(orderNumber), token);
}
