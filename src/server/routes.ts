/**
 * Every domain's API routes, mounted under /api. Each domain folder holds its
 * routes, queries and tests side by side (README.md#architecture).
 */
import type { FastifyPluginAsync } from 'fastify';
import { profileRoutes } from './accounts/profile-routes.ts';
import { passwordResetRoutes } from './accounts/reset-routes.ts';
import { accountRightsRoutes } from './accounts/rights-routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { afterSalesShopperRoutes } from './after-sales/routes.ts';
import { backInStockRoutes } from './back-in-stock/routes.ts';
import { cartQuoteRoutes, cartRoutes } from './cart/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { complaintRoutes } from './complaints/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { invoiceShopperRoutes } from './invoices/routes.ts';
import { leadPublicRoutes } from './leads/public-routes.ts';
import { messagePreferencesRoutes } from './notifications/whatsapp/preferences-routes.ts';
import { whatsappWebhookRoutes } from './notifications/whatsapp/webhook-routes.ts';
import { addressLinkRoutes } from './orders/address-link-routes.ts';
import { advanceLinkRoutes } from './orders/advance-link-routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { deliveryChoiceRoutes } from './shipping/delivery-choice-routes.ts';
import { shippingRoutes } from './shipping/routes.ts';
import { courierWebhookRoutes } from './shipping/webhook-routes.ts';

export const apiRoutes: FastifyPluginAsync = async (app) => {
  // Domains register here: catalog, accounts, cart, orders, leads, admin (which also registers media upload).
  await app.register(catalogRoutes);
  // The home page in one call: the catalogue's parts and buyers' photo reviews (docs/product.md#home).
  await app.register(homeRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(accountRightsRoutes);
  await app.register(passwordResetRoutes);
  await app.register(complaintRoutes);
  await app.register(cartQuoteRoutes);
  await app.register(cartRoutes);
  // The shopper's invoice PDF, under the orders scope's guard and no-store.
  await app.register(orderRoutes, { within: [invoiceShopperRoutes, afterSalesShopperRoutes] });
  await app.register(shippingRoutes);
  // The shopper's choice after a failed delivery, through a signed link (docs/product.md#failed-deliveries).
  await app.register(deliveryChoiceRoutes);
  // An order's advance to pay, through the signed link of its message (docs/product.md#the-advance).
  await app.register(advanceLinkRoutes);
  // A doubtful address to correct, through the signed link of its message (docs/product.md "A doubtful address").
  await app.register(addressLinkRoutes);
  // Reviews: the link sent after delivery (no log-in) and a product's published reviews (docs/product.md#reviews).
  await app.register(reviewRoutes);
  // Only when WhatsApp is set up (docs/whatsapp.md); a 404 otherwise.
  await app.register(whatsappWebhookRoutes);
  await app.register(messagePreferencesRoutes);
  // Only when Shiprocket is set up with SHIPROCKET_WEBHOOK_TOKEN (docs/deploy.md#connecting-shiprocket); a 404 otherwise.
  await app.register(courierWebhookRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(backInStockRoutes);
  await app.register(leadPublicRoutes, { prefix: '/leads' });
};
