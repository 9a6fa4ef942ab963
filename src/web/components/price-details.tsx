import { codPlan } from '../../common/advance.ts';
import { formatRupees, type Totals } from '../../common/money.ts';
import { site } from '../lib/site.ts';
import './price-details.css';

/** The price details panel of the cart and the order summary (docs/product.md#cart, #limits-and-constants). */
export function PriceDetails({
  totals,
  heading = 'Price details',
  label = heading,
  showAdvance = false,
  inFull = null,
}: {
  totals: Totals;
  heading?: string;
  /** The region's name, when it must differ from the heading's: the checkout shows the order's over the cart's. */
  label?: string;
  /** Before ordering: how the total is paid, the advance now and the rest on delivery (docs/product.md#the-advance). */
  showAdvance?: boolean;
  /** The shopper chose to pay the whole order now (common/pay-in-full.ts): its discount and amount. */
  inFull?: { discount: number; payNow: number } | null;
}) {
  const split = codPlan(totals.total, site().codAdvance);
  return (
    <section className="panel price-details" aria-label={label}>
      <h2>{heading}</h2>
      <dl>
        <div>
          <dt>Total MRP</dt>
          <dd>{formatRupees(totals.totalMrp)}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(totals.subtotal)}</dd>
        </div>
        {/* No discount, no row: "−₹0" reads like a charge. */}
        {totals.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd className="price-details-discount">−{formatRupees(totals.discount)}</dd>
          </div>
        )}
        <div className="price-details-total">
          <dt>Total</dt>
          <dd>{formatRupees(totals.total)}</dd>
        </div>
        {inFull && (
          <>
            {inFull.discount > 0 && (
              <div className="price-details-split">
                <dt>Discount for paying in full</dt>
                <dd className="price-details-discount">−{formatRupees(inFull.discount)}</dd>
              </div>
            )}
            <div className="price-details-split price-details-total">
              <dt>Pay now by UPI</dt>
              <dd>{formatRupees(inFull.payNow)}</dd>
            </div>
            <div className="price-details-split">
              <dt>Pay on delivery</dt>
              <dd>{formatRupees(0)}</dd>
            </div>
          </>
        )}
        {showAdvance && !inFull && split.advance > 0 && (
          <>
            <div className="price-details-split">
              <dt>Advance by UPI, to book</dt>
              <dd>{formatRupees(split.advance)}</dd>
            </div>
            <div className="price-details-split">
              <dt>Pay on delivery</dt>
              <dd>{formatRupees(split.onDelivery)}</dd>
            </div>
          </>
        )}
      </dl>
      {totals.discount > 0 && (
        <p className="price-details-save">You save {formatRupees(totals.discount)} on this order</p>
      )}
    </section>
  );
}
