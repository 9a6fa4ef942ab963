/**
 * Shipping's endpoints (src/common/api-contract.ts; docs/product.md#shipping): the pincode check
 * before an order, the owner's courier and AWB and steps for the manual courier, and /track's
 * lookup. Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { AdminOrderReply } from './schemas/admin-orders.ts';
import type {
  AdminShipmentReply,
  DeliveryCheck,
  manualShipmentSchema,
  shipmentStepSchema,
  TrackReply,
  trackQuerySchema,
} from './schemas/shipping.ts';

export const shippingApi = {
  /** Whether the shop delivers to a pincode, with cash on delivery, and by when (cached a day). */
  deliveryCheck: endpoint<{ reply: DeliveryCheck }>()('GET', '/delivery/:pincode'),
  /** An order's parcel by its number and the phone it was placed with: the /track page's answer. */
  track: endpoint<{ reply: TrackReply; query: z.input<typeof trackQuerySchema> }>()('GET', '/track'),
  adminShipment: endpoint<{ reply: AdminShipmentReply }>()('GET', '/admin/orders/:orderNumber/shipment'),
  /** The manual courier: the owner types the courier's name and the AWB. */
  saveShipment: endpoint<{ reply: AdminShipmentReply; body: z.input<typeof manualShipmentSchema> }>()(
    'PUT',
    '/admin/orders/:orderNumber/shipment',
  ),
  /** The manual courier: the owner sets the parcel's step by hand (the same rules as a courier's scan). */
  setStep: endpoint<{ reply: AdminShipmentReply; body: z.input<typeof shipmentStepSchema> }>()(
    'POST',
    '/admin/orders/:orderNumber/shipment/step',
  ),
  /**
   * A parcel back at the shop (return to origin), received and checked by the owner: the order ends
   * as Returned, its stock comes back once, its invoice gets a credit note. Repeating it changes nothing.
   */
  receivedBack: endpoint<{ reply: AdminOrderReply }>()('POST', '/admin/orders/:orderNumber/shipment/received-back'),
} as const;
