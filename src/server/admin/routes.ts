/**
 * The admin API under /api/admin. Log in and log out are open; everything else
 * sits in one scope behind requireAdmin (401 without an admin session, 403 for
 * a shopper), so no route can forget the check.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopperAdminRoutes } from '../accounts/admin-routes.ts';
import { afterSalesAdminRoutes } from '../after-sales/admin-routes.ts';
import { requireAdmin } from '../auth/guards.ts';
import { gstr1Routes } from '../books/gstr1/routes.ts';
import { moneyRoutes } from '../books/money/routes.ts';
import { remittanceRoutes } from '../books/remittance/routes.ts';
import { statementRoutes } from '../books/statement/routes.ts';
import { productAdminRoutes } from '../catalog/admin-routes.ts';
import { complaintAdminRoutes } from '../complaints/admin-routes.ts';
import { invoiceAdminRoutes } from '../invoices/routes.ts';
import { signatureRoutes } from '../invoices/signature-routes.ts';
import { leadAdminRoutes } from '../leads/admin-routes.ts';
import { uploadRoutes } from '../media/upload-routes.ts';
import { inboxAdminRoutes } from '../notifications/whatsapp/conversations/routes.ts';
import { orderAdminRoutes } from '../orders/admin-routes.ts';
import { reviewAdminRoutes } from '../reviews/admin-routes.ts';
import { codRulesRoutes } from '../risk/routes.ts';
import { settlementRoutes } from '../settlements/routes.ts';
import { shippingAdminRoutes } from '../shipping/admin-routes.ts';
import { bookingRoutes } from '../shipping/booking-routes.ts';
import { failedDeliveryAdminRoutes } from '../shipping/delivery-choice-routes.ts';
import { adminsRoutes } from './admins-routes.ts';
import { adminAuthRoutes, adminMeRoutes } from './auth-routes.ts';
import { statsRoutes } from './stats-routes.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminAuthRoutes);
  await app.register(async (guarded) => {
    requireAdmin(guarded);
    // Admin answers hold customers' details: never kept by a browser or proxy cache.
    guarded.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    await guarded.register(adminMeRoutes);
    await guarded.register(productAdminRoutes);
    await guarded.register(uploadRoutes);
    await guarded.register(orderAdminRoutes);
    await guarded.register(bookingRoutes);
    await guarded.register(shippingAdminRoutes);
    await guarded.register(invoiceAdminRoutes);
    await guarded.register(signatureRoutes);
    await guarded.register(gstr1Routes);
    await guarded.register(statsRoutes);
    await guarded.register(adminsRoutes);
    await guarded.register(leadAdminRoutes);
    await guarded.register(complaintAdminRoutes);
    await guarded.register(shopperAdminRoutes);
    await guarded.register(statementRoutes);
    await guarded.register(remittanceRoutes);
    await guarded.register(moneyRoutes);
    await guarded.register(failedDeliveryAdminRoutes);
    await guarded.register(codRulesRoutes);
    await guarded.register(settlementRoutes);
    await guarded.register(afterSalesAdminRoutes);
    // The WhatsApp inbox (issue 37).
    await guarded.register(inboxAdminRoutes);
    await guarded.register(reviewAdminRoutes);
  });
};
