/**
 * The address correction link's address (address-check.ts), apart so the messages that carry it
 * (notifications/) need nothing else of orders/: signed like the failed-delivery and advance links
 * (auth/signed-links.ts) over `address:<number>`, so no other link's token opens this page.
 */
import { ensureLinkSecret, linkToken, linkTokenMatches } from '../auth/signed-links.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';

const message = (orderNumber: string) => `address:${orderNumber}`;

/** The full address of an order's correction link, for mail and WhatsApp. */
export async function addressLinkUrl(db: Db, config: Config, orderNumber: string): Promise<string> {
  await ensureLinkSecret(db, config);
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${base}/address/${encodeURIComponent(orderNumber)}/${linkToken(config, message(orderNumber))}`;
}

/** Whether `token` is this order's correction link's, compared in constant time. */
export async function addressLinkMatches(db: Db, config: Config, orderNumber: string, token: string): Promise<boolean> {
  await ensureLinkSecret(db, config);
  return linkTokenMatches(config, message(orderNumber), token);
}
