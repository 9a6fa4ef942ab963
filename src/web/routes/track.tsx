/**
 * /track (docs/product.md#shipping): where a parcel is, by the order number and the phone it was
 * placed with, no log-in. The form is a plain GET form (?order=…&phone=…): the server looks the
 * order up and renders the answer, so it works without JavaScript, and a reload or the browser's
 * back shows it again. A wrong pair says the words an unknown order does.
 */
import { useState } from 'react';
import { apiPath } from '../../common/api-contract.ts';
import { isApiErrorBody } from '../../common/errors.ts';
import type { TrackReply } from '../../common/schemas/shipping.ts';
import { shippingApi } from '../../common/shipping-api.ts';
import { PHONE_INPUT } from '../components/text-field.tsx';
import { SettlementInfo } from '../features/orders/settlement-info.tsx';
import { ShipmentInfo, TrackingHistory } from '../features/orders/shipment-info.tsx';
import { call, takeEmbeddedAnswer } from '../lib/api-client.ts';
import { useLocation } from '../lib/router/index.ts';
import { useResource } from '../lib/use-resource.ts';
import '../features/orders/shipment.css';
import { formatRupees } from '../../common/money.ts';
import { PAGE } from '../../common/page-paths.ts';

export function TrackPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const order = params.get('order') ?? '';
  const phone = params.get('phone') ?? '';
  const asked = order !== '' || phone !== '';
  const path = apiPath(shippingApi.track.path, {}, { order, phone });
  // The server's answer in the page (its lookup, or its refusal's words), taken once.
  const [embedded] = useState(() => (asked ? takeEmbeddedAnswer<unknown>(path) : undefined));
  const refused = isApiErrorBody(embedded) ? embedded.error.message : null;
  const answer = useResource<TrackReply>(
    asked && !refused ? `track:${path}` : null,
    (signal) => call(shippingApi.track, { query: { order, phone }, signal }),
    () => (embedded && !isApiErrorBody(embedded) ? (embedded as TrackReply) : undefined),
  );
  const found = answer.data;
  const error = refused ?? answer.error;

  return (
    <div className="page container track-page">
      <h1>Track your order</h1>
      <form className="panel track-form" method="get" action={PAGE.track}>
        <p>Your order number is in your order mail and on Your Orders.</p>
        <div className="field">
          <label htmlFor="track-order">Order number</label>
          <input
            id="track-order"
            name="order"
            defaultValue={order}
            placeholder="TSW-10427"
            autoComplete="off"
            maxLength={40}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="track-phone">Phone you ordered with</label>
          <input id="track-phone" name="phone" defaultValue={phone} {...PHONE_INPUT} required />
        </div>
        <button type="submit" className="btn btn-gold">
          Track
        </button>
      </form>
      {error && (
        <p className="track-error" role="alert">
          {error}
        </p>
      )}
      {found && (
        <section className="panel track-result" aria-labelledby="track-result-title">
          <h2 id="track-result-title">
            Order <span className="order-id">{found.number}</span>: {found.statusLabel}
          </h2>
          {found.toPayOnDelivery !== null && (
            <p className="track-cash">
              To pay on delivery: <strong>{formatRupees(found.toPayOnDelivery)}</strong>
            </p>
          )}
          <SettlementInfo settlement={found.settlement} />
          {found.shipment ? (
            <ShipmentInfo shipment={found.shipment} choicePath={found.deliveryChoicePath} />
          ) : (
            <p>
              The shop has not handed this order to a courier yet. You will find its tracking number here once it has.
            </p>
          )}
          <TrackingHistory entries={found.history} />
        </section>
      )}
    </div>
  );
}
