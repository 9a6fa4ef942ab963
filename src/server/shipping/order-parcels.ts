/**
 * The parcel part of the order lists (Your Orders, Admin Orders), handed to orders as a hook
 * (orders/hooks.ts ParcelReader) so that orders, below shipping, does not import it
 * (docs/decisions/052-order-transitions-and-folder-graph.md).
 */

import { ensureLinkSecret } from '../auth/signed-links.ts';
import { registerParcelReader } from '../orders/hooks.ts';
import { deliveryChoicePath } from './delivery-choice-link.ts';
import { shipmentsOf, toAdminShipment, toShopperShipment } from './shipments.ts';

export function registerParcelHooks(): void {
  registerParcelReader({
    async parcels(db, orderIds) {
      const views = await shipmentsOf(db, orderIds);
      return new Map(
        [...views].map(([id, view]) => [
          id,
          // The shopper's once it has an AWB: before that there is nothing the shopper can follow.
          { step: view.step, shopper: view.awb ? toShopperShipment(view) : null, admin: toAdminShipment(view) },
        ]),
      );
    },
    async choicePaths(db, config) {
      await ensureLinkSecret(db, config);
      return (orderNumber) => deliveryChoicePath(config, orderNumber);
    },
  });
}
