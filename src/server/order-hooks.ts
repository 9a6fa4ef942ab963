/**
 * The one place the hooks of lower folders are installed (orders/hooks.ts, shipping/hooks.ts,
 * catalog/restock-hooks.ts): each folder above registers its own, and this calls them at startup,
 * in the order they run (the invoice before the messages that tell of it). Called by buildApp (app.ts) and by any process
 * that changes orders or shipments without an app; calling it again changes nothing.
 */
import { registerReturnTracking } from './after-sales/return-tracking.ts';
import { registerBackInStockHooks } from './back-in-stock/restock.ts';
import { registerInvoiceHooks } from './invoices/state-hooks.ts';
import { registerMessageHooks } from './notifications/order-hooks.ts';
import { registerShipmentMessageHooks } from './notifications/shipment-hooks.ts';
import { registerReviewHooks } from './reviews/requests.ts';
import { registerParcelHooks } from './shipping/order-parcels.ts';

export function installOrderHooks(): void {
  registerInvoiceHooks();
  registerMessageHooks();
  registerShipmentMessageHooks();
  registerParcelHooks();
  registerBackInStockHooks();
  registerReturnTracking();
  registerReviewHooks();
}
