/**
 * The advance link's address (advance-link.ts), apart from the page's reading so the messages that
 * carry it (notifications/) need nothing else of orders/: signed like the failed-delivery link
 * (shipping/delivery-choice-link.ts), with the store's link secret over `advance:<number>`, so
 * neither link's token opens the other page.
 */

import { ensureLinkSecret, linkToken, linkTokenMatches } from '../auth/signed-links.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';

const message = (orderNumber: string) => `advance:${orderNumber}`;

/** The token of an order's advance link (the link secret loaded: ensureLinkSecret). */
export function advanceLinkToken(config: Config, orderNumber: string): string {
  return linkToken(config, message(orderNumber));
}

/** The full address of an order's advance link, for mail and WhatsApp. */
export async function advanceLinkUrl(db: Db, config: Config, orderNumber: string): Promise<string> {
  await ensureLinkSecret(db, config);
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${base}/advance/${encodeURIComponent(orderNumber)}/${advanceLinkToken(config, orderNumber)}`;
}

/** Whether `token` is this order's advance link's, compared in constant time. */
export async function advanceLinkMatches(db: Db, config: Config, orderNumber: string, token: string): Promise<boolean> {
  await ensureLinkSecret(db, config);
  return linkTokenMatches(config, message(orderNumber), token);
}
