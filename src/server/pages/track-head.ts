/**
 * The /track page's head (docs/product.md#shipping): its title, and when the GET form was sent
 * (?order=…&phone=…) the lookup's answer embedded, so the server renders the parcel, or the
 * refusal's words, and the page works without JavaScript. The lookup is the API's own (the same
 * limit per address); the page is one person's, so it is never kept nor cached (head.personal).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { PAGE } from '../../common/page-paths.ts';
import { shippingApi } from '../../common/shipping-api.ts';
import { AppError, errorBody } from '../http/errors.ts';
import { trackOrder } from '../shipping/track-lookup.ts';
import { defaultHead, type PageHead } from './head.ts';

export async function trackHead(
  app: FastifyInstance,
  path: string,
  query: URLSearchParams,
  request?: FastifyRequest,
): Promise<PageHead | null> {
  if (path !== PAGE.track) return null;
  const head: PageHead = {
    title: defaultHead(app, path).title,
    description: 'Where your watch is: enter your order number and the phone you ordered with.',
    canonicalPath: PAGE.track,
    type: 'website',
  };
  const order = query.get('order') ?? '';
  const phone = query.get('phone') ?? '';
  if (!request || (order === '' && phone === '')) return head;
  // The same URL the screen asks (routes/track.tsx): its answer is taken from the page.
  const url = API_PREFIX + apiPath(shippingApi.track.path, {}, { order, phone });
  let body: string;
  try {
    body = JSON.stringify(
      await trackOrder(app.db, app.config, { order: order.slice(0, 40), phone: phone.slice(0, 20) }, request.ip),
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    body = JSON.stringify(errorBody(err.code, err.message));
  }
  return { ...head, personal: true, answers: [{ url, body }] };
}
