import { formatDateTime } from '../../../common/india-time.ts';
import type { ShopperShipment, TrackingEntry } from '../../../common/schemas/shipping.ts';
import { formatExpectedDay, SHIPMENT_STEP_RULES } from '../../../common/shipments.ts';
import './shipment.css';

/**
 * Where the parcel is (docs/product.md#shipping), on Your Orders and /track: the courier, the AWB
 * (a link to the courier's own tracking page when we know the courier; else the number alone, to
 * quote when calling them), the step, the latest scan and the expected date.
 */
export function ShipmentInfo({
  shipment,
  headingLevel = 'h3',
  choicePath = null,
}: {
  shipment: ShopperShipment;
  headingLevel?: 'h2' | 'h3';
  /** After a failed attempt, the page to choose what happens next (the message's link, here too). */
  choicePath?: string | null;
}) {
  const Heading = headingLevel;
  const step = SHIPMENT_STEP_RULES[shipment.step];
  return (
    <section className="shipment-info" aria-label="Delivery">
      <Heading className="shipment-step">{step.label}</Heading>
      <dl className="shipment-facts">
        <dt>Courier</dt>
        <dd>{shipment.courierName}</dd>
        {shipment.awb && (
          <>
            <dt>Tracking number</dt>
            <dd>
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="shipment-awb">
                  {shipment.awb}
                  <span className="visually-hidden"> (track on {shipment.courierName}’s site)</span>
                </a>
              ) : (
                <span className="shipment-awb">{shipment.awb}</span>
              )}
            </dd>
          </>
        )}
        {shipment.scanAt && (
          <>
            <dt>Latest scan</dt>
            <dd>
              {shipment.scanText}
              {shipment.scanLocation ? `, ${shipment.scanLocation}` : ''} ·{' '}
              <span className="shipment-when">{formatDateTime(shipment.scanAt)}</span>
            </dd>
          </>
        )}
        {shipment.expectedBy && step.onTheWay && (
          <>
            <dt>Expected by</dt>
            <dd>{formatExpectedDay(shipment.expectedBy)}</dd>
          </>
        )}
      </dl>
      {choicePath && (
        <p className="shipment-choice">
          <a className="btn btn-gold" href={choicePath}>
            Choose a new delivery day
          </a>
          <span className="shipment-choice-hint">Or give a corrected phone or landmark, or cancel the delivery.</span>
        </p>
      )}
    </section>
  );
}

/** Every scan so far, newest first (/track). */
export function TrackingHistory({ entries }: { entries: TrackingEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="shipment-history" aria-labelledby="shipment-history-title">
      <h2 id="shipment-history-title">History</h2>
      <ol>
        {entries.map((e) => (
          <li key={`${e.at}-${e.step}-${e.statusText}`}>
            <strong>{e.statusText}</strong>
            {e.location ? <span>, {e.location}</span> : null}
            {e.reason ? <span> – {e.reason}</span> : null}
            <span className="shipment-history-at">{formatDateTime(e.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
