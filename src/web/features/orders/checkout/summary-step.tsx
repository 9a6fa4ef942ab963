import { type ReactNode, useState } from 'react';
import { codPlan } from '../../../../common/advance.ts';
import { type BusinessBuyer, checkBusinessBuyer } from '../../../../common/business-buyer-rules.ts';
import { formatRupees } from '../../../../common/money.ts';
import { NO_PAY_IN_FULL_DISCOUNT, payInFullPlan } from '../../../../common/pay-in-full.ts';
import type { Cart } from '../../../../common/schemas/cart.ts';
import { LinePicture } from '../../../components/line-picture.tsx';
import { PriceDetails } from '../../../components/price-details.tsx';
import { WhatsAppConsentBox } from '../../../components/whatsapp-consent-box.tsx';
import { useForm } from '../../../lib/forms/use-form.ts';
import { site } from '../../../lib/site.ts';
import { BusinessBuyerFields } from './business-buyer-fields.tsx';

const NO_BUSINESS: BusinessBuyer = { buyerGstin: '', businessName: '' };

/**
 * Step 3 (docs/product.md#checkout): the order details: images, shipping address, the shopper's
 * own mobile number for the delivery (and the shop's, labelled as such), payment (cash on delivery only; card and UPI shown disabled),
 * the COD advance, price details, a business buyer's GSTIN (optional) and PLACE ORDER. The popup makes
 * the call (its overlay, its message by the button); this form checks the business fields first.
 */
export function SummaryStep({
  cart,
  address,
  contactNumber,
  busy,
  onPlace,
  whatsappUpdates,
  onWhatsappUpdates,
  notice,
}: {
  cart: Cart;
  address: string;
  /** The logged-in shopper's own number: who the delivery calls. */
  contactNumber: string | null;
  busy: boolean;
  /** Places the order, with the business buyer's GSTIN and name (empty for a consumer), paid in full or not. */
  onPlace: (business: BusinessBuyer, payInFull: boolean) => Promise<void>;
  /** The unticked "Send my order updates on WhatsApp" box (docs/whatsapp.md#consent). */
  whatsappUpdates: boolean;
  onWhatsappUpdates: (checked: boolean) => void;
  /** A failed PLACE ORDER's message, shown by the button. */
  notice?: ReactNode;
}) {
  const shop = site();
  const lines = cart.lines.filter((l) => l.available);
  const split = codPlan(cart.totals.total, shop.codAdvance);
  // Pay in full now (common/pay-in-full.ts): the owner's discount, worked out as the server will.
  const fullPlan = payInFullPlan(cart.totals.total, shop.payInFull ?? NO_PAY_IN_FULL_DISCOUNT);
  const [inFull, setInFull] = useState(false);
  const [business, setBusiness] = useState(false);
  const form = useForm({
    id: 'checkout',
    initial: NO_BUSINESS,
    // Unticked, whatever was typed is not sent.
    check: (values) => (business ? checkBusinessBuyer(values) : { ok: true as const, data: NO_BUSINESS }),
    send: (data) => onPlace(data, inFull),
  });
  return (
    <form className="checkout-summary" onSubmit={form.submit} noValidate>
      <ul className="checkout-items" aria-label="Watches in this order">
        {lines.map((line) => (
          <li key={line.productId}>
            <LinePicture image={line.image} size={64} lazy={false} />
            <span>
              {line.name} × {line.quantity}
            </span>
          </li>
        ))}
      </ul>
      <section>
        <h3>Shipping address</h3>
        <p>{address}</p>
      </section>
      <section>
        <h3>Mobile number</h3>
        {contactNumber && (
          <p className="checkout-contact">
            <strong>{contactNumber}</strong>
            <br />
            We call this number about your delivery.
          </p>
        )}
        <p>
          Shop’s number, for questions about your order: <a href={`tel:+91${shop.phone.slice(-10)}`}>{shop.phone}</a>
        </p>
      </section>
      <fieldset className="checkout-payment">
        <legend>Payment method</legend>
        <label>
          <input
            type="radio"
            name="payment"
            value="cod"
            checked={!inFull}
            onChange={() => setInFull(false)}
            disabled={busy}
          />{' '}
          Cash on delivery
        </label>
        <label>
          <input
            type="radio"
            name="payment"
            value="full"
            checked={inFull}
            onChange={() => setInFull(true)}
            disabled={busy}
          />{' '}
          Pay in full now by UPI
          {fullPlan.discount > 0 && <strong className="checkout-save"> save {formatRupees(fullPlan.discount)}</strong>}
        </label>
        <label className="checkout-payment-disabled">
          <input type="radio" name="payment" value="card" disabled /> Card (not available yet)
        </label>
        <p className="checkout-cod" aria-live="polite">
          {inFull ? (
            <>
              Pay {formatRupees(fullPlan.payNow)} by UPI after you place the order
              {fullPlan.discount > 0 ? ` (${formatRupees(fullPlan.discount)} off the total)` : ''}, and send us its
              reference. Nothing to pay on delivery.
            </>
          ) : split.advance > 0 ? (
            <>
              Cash on delivery needs an advance of {formatRupees(split.advance)} to book the order: after you place it,
              pay the advance by UPI and send us its reference. You pay the rest, {formatRupees(split.onDelivery)}, when
              the parcel arrives. No extra or hidden charges.
            </>
          ) : (
            <>
              Cash on delivery: nothing to pay in advance. You pay {formatRupees(split.onDelivery)} when the parcel
              arrives. No extra or hidden charges.
            </>
          )}
        </p>
      </fieldset>
      {/* Named apart from the cart's panel behind the dialog (axe's landmark-unique). */}
      <PriceDetails
        totals={cart.totals}
        label="Price details of this order"
        showAdvance
        inFull={inFull ? fullPlan : null}
      />
      <BusinessBuyerFields open={business} onOpen={setBusiness} field={form.field} disabled={busy} />
      <WhatsAppConsentBox
        id="checkout-whatsapp"
        checked={whatsappUpdates}
        onChange={onWhatsappUpdates}
        disabled={busy}
        proof="account"
      />
      {notice}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy || lines.length === 0}>
        Place order
      </button>
    </form>
  );
}
