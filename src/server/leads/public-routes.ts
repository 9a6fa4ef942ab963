/**
 * POST /api/leads/whatsapp-click: the storefront's BUY NOW chat link records a
 * WhatsApp lead (docs/product.md#better-14) with the product and, when a shopper is logged
 * in, their name and number. Anyone may call it, so it is deduplicated per
 * shopper and throttled per address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadUser } from '../auth/guards.ts';
import { newId, nowIso } from '../db/ids.ts';
import { AppError, notFound } from '../http/errors.ts';

/** A shopper clicking BUY NOW again within this time is the same lead. */
const SAME_LEAD_MS = 10 * 60_000;
/** Clicks recorded per client address per minute (in memory: a brake, not an audit). */
const PER_MINUTE = 20;

function throttle() {
  let windowStart = Date.now();
  const counts = new Map<string, number>();
  return (key: string): boolean => {
    const now = Date.now();
    if (now - windowStart > 60_000) {
      counts.clear();
      windowStart = now;
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n <= PER_MINUTE;
  };
}

export const leadPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const allow = throttle();
  app.post(
    '/whatsapp-click',
    {
      schema: {
        tags: ['leads'],
        summary: 'Record a BUY NOW chat click as a WhatsApp lead',
        body: z.object({ productId: z.string('Unknown product').min(1, 'Unknown product').max(40, 'Unknown product') }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!allow(request.ip)) throw new AppError(429, 'too_many_requests', 'Too many requests, please wait a moment');
      const product = await app.db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', '=', request.body.productId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!product) throw notFound('This product does not exist');
      const userId = await loadUser(app, request);
      const user = userId
        ? await app.db.selectFrom('users').select(['name', 'phone']).where('id', '=', userId).executeTakeFirst()
        : undefined;
      if (user) {
        const recent = await app.db
          .selectFrom('leads')
          .select('id')
          .where('platform', '=', 'whatsapp')
          .where('phone', '=', user.phone)
          .where('product_id', '=', product.id)
          .where('created_at', '>', nowIso(Date.now() - SAME_LEAD_MS))
          .executeTakeFirst();
        if (recent) return reply.status(204).send(null);
      }
      await app.db
        .insertInto('leads')
        .values({
          id: newId(),
          platform: 'whatsapp',
          customer: user?.name ?? 'Website visitor',
          phone: user?.phone ?? '',
          product_id: product.id,
          product_name: product.name,
          quantity: 1,
          created_at: nowIso(),
          created_by: null,
        })
        .execute();
      return reply.status(204).send(null);
    },
  );
};
