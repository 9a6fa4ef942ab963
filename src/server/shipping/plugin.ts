/**
 * Shipping's services on the app (docs/product.md#shipping): the courier the settings choose
 * (couriers/registry.ts) and the pincode check in front of it (delivery-check.ts), made once at start;
 * and the secret the failed-delivery links are signed with.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keepLinkSecret, loadLinkSecret } from '../auth/signed-links.ts';
import type { Courier } from './courier.ts';
import { type DeliveryChecker, deliveryChecker } from './delivery-check.ts';

declare module 'fastify' {
  interface FastifyInstance {
    courier: Courier;
    delivery: DeliveryChecker;
  }
}

async function shipping(app: FastifyInstance): Promise<void> {
  const courier = app.config.courier.create();
  // The failed-delivery links' secret (delivery-choice-link.ts), read once: mails made later sign with it.
  // A database away at start does not stop the store (it answers 503 until it is back); the
  // secret is then loaded on first use (ensureLinkSecret).
  try {
    keepLinkSecret(app.config, await loadLinkSecret(app.db));
  } catch (err) {
    app.log.warn({ err }, 'the failed-delivery link secret could not be read at start; it is read on first use');
  }
  app.decorate('courier', courier);
  app.decorate(
    'delivery',
    deliveryChecker(courier, {
      onError: (err) =>
        app.log.warn({ err, courier: courier.id }, 'serviceability failed; the pincode directory answered'),
    }),
  );
}

export const shippingPlugin = fp(shipping, { name: 'shipping' });
