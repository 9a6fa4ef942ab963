/**
 * The owner's "Book courier" (docs/product.md#booking-a-courier): one order or the ticked ones, in
 * one go. Each order's booking is written as a job in its own transaction (booking-jobs.ts) and
 * answered at once; the worker books it with the courier after. With the manual courier there is
 * nothing to book: the owner types the AWB on the order.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierBookingApi } from '../../common/courier-booking-api.ts';
import { bookCourierReplySchema, bookCourierSchema, courierInfoSchema } from '../../common/schemas/courier-booking.ts';
import { contractRoute } from '../http/contract-route.ts';
import { conflict } from '../http/errors.ts';
import { bookingRefusals, requestBookings } from './booking-jobs.ts';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, courierBookingApi.courier, {
      tags: ['admin'],
      summary: 'The store’s courier: its title, and whether it books and takes failed-delivery choices through its API',
      response: { 200: courierInfoSchema },
    }),
    handler: async () => ({
      title: app.courier.title,
      books: app.courier.booking !== undefined,
      ndr: app.courier.retryDelivery !== undefined,
      parcelDefaults: app.config.parcel,
    }),
  });

  app.route({
    ...contractRoute(app, courierBookingApi.book, {
      tags: ['admin'],
      summary: 'Books the courier for these orders (advance received or waived): queued at once, booked by a worker',
      body: bookCourierSchema,
      response: { 200: bookCourierReplySchema },
    }),
    handler: async (request) => {
      if (!app.courier.booking) throw conflict(bookingRefusals.noCourier);
      const results = await requestBookings(app.db, app.courier.id, request.body.orderNumbers);
      if (results.some((r) => r.outcome === 'booking')) app.courierJobs.nudge();
      return { results };
    },
  });
};
