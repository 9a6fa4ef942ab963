import { useId, useState } from 'react';
import {
  advanceOpenToShopper,
  advanceWhatsappText,
  PAY_IN_FULL_FORM_ID,
  UTR_FORM_ID,
  UTR_MESSAGE,
  UTR_PATTERN,
  utrTyped,
} from '../../../common/advance.ts';
import { advanceAsked, advanceSentence } from '../../../common/cod-rules.ts';
import { formatRupees } from '../../../common/money.ts';
import { advanceQrUrl } from '../../../common/order-api.ts';
import { stateRule } from '../../../common/orders.ts';
import type { AdvanceLinkOrder, Order } from '../../../common/schemas/order.ts';
import { whatsappLink } from '../../../common/site.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { site } from '../../lib/site.ts';
import { invalidate } from '../../lib/use-resource.ts';
import { payOrderInFull, sendAdvanceReference } from './orders-api.ts';

const QR_SIZE = 168;

/**
 * Where the panel's QR code comes from and where its UPI reference goes: the shopper's own order
 * (Your Orders, the confirmation) or the advance link's (routes/advance.tsx), same panel.
 */
export interface AdvanceChannel {
  qrUrl: string;
  send: (utr: string) => Promise<unknown>;
  /** Where the UPI reference form posts without the script (a page with this one form only). */
  formAction?: string;
  /** Switches the unpaid order to paying in full (common/pay-in-full.ts); the answer replaces the order shown. */
  payInFull: () => Promise<unknown>;
}

/** The logged-in shopper's own order: its answer replaces the order shown, and Your Orders reloads. */
export function ownOrderChannel(orderNumber: string, onUpdated: (order: Order) => void): AdvanceChannel {
  return {
    qrUrl: advanceQrUrl(orderNumber),
    send: async (utr) => {
      const { order } = await sendAdvanceReference(orderNumber, utr);
      invalidate('orders');
      onUpdated(order);
    },
    payInFull: async () => {
      const { order } = await payOrderInFull(orderNumber);
      invalidate('orders');
      onUpdated(order);
    },
  };
}

/**
 * How the shopper confirms a cash-on-delivery order (docs/product.md#the-advance): pay the
 * advance by UPI (a link a phone opens in its UPI app, the QR code for a
 * computer; WhatsApp when the shop has no UPI id), then type the UPI reference
 * (UTR) the app shows. Once sent it reads "Advance: checking"; a refused one
 * shows the owner's reason and asks for a new reference; received or waived,
 * only the label is left.
 */
export function AdvancePanel({
  order,
  channel,
  heading: Heading = 'h2',
}: {
  order: AdvanceLinkOrder;
  channel: AdvanceChannel;
  heading?: 'h2' | 'h3';
}) {
  const { advance, number } = order;
  // Named by its heading and the order's number: Your Orders lists several (axe's landmark-unique).
  const regionName = (title: string) => `${title} (${number})`;
  const closed = stateRule(order.status).closed;
  if (closed || !advanceOpenToShopper(advance.state)) {
    if (closed && advance.state === 'awaiting') return null;
    return (
      <>
        <p className={`advance-label advance-${advance.state}`}>{advance.label}</p>
        {/* The cash to keep ready stays in view once the advance is settled (a walk found it gone). */}
        {!closed && <CashOnDelivery amount={advance.balance} />}
      </>
    );
  }
  if (advance.state === 'submitted') {
    return (
      <section className="advance" aria-label={regionName(advance.label)}>
        <p className={`advance-label advance-${advance.state}`}>{advance.label}</p>
        <p className="advance-text">
          We are checking your payment{advance.utr ? ` (UPI reference ${advance.utr})` : ''} and will confirm your order
          soon.
        </p>
        <CashOnDelivery amount={advance.balance} />
        <details className="advance-change">
          <summary>Sent a wrong reference?</summary>
          <UtrForm channel={channel} />
        </details>
      </section>
    );
  }
  const refused = advance.state === 'refused';
  const inFull = advance.inFull;
  const title = refused
    ? inFull
      ? 'Please send the payment again'
      : 'Please send the advance again'
    : inFull
      ? 'Pay for your order'
      : 'Confirm your order';
  return (
    <section className="advance" aria-label={regionName(title)}>
      <Heading className="advance-title">{title}</Heading>
      <p className={`advance-label advance-${advance.state}`}>{advance.label}</p>
      {refused && advance.note && <p className="advance-reason">Reason: {advance.note}</p>}
      {/* What this order is asked, in a plain sentence (COD RULES, common/cod-rules.ts): never the score. */}
      <p className="advance-text">
        {inFull
          ? `Pay ${formatRupees(advance.amount)} now by UPI: the whole order${advance.inFullDiscount > 0 ? `, ${formatRupees(advance.inFullDiscount)} off` : ''}. Nothing to pay on delivery.`
          : advanceSentence(
              advanceAsked(advance.amount, advance.amount + advance.balance, site().codAdvance),
              formatRupees(advance.amount),
              formatRupees(advance.balance),
            )}
      </p>
      <div className="advance-pay">
        <div className="advance-pay-main">
          {advance.payLink ? (
            <a className="btn btn-gold" href={advance.payLink}>
              PAY {formatRupees(advance.amount)}
              {inFull ? ' IN FULL' : ' ADVANCE'}
            </a>
          ) : (
            <a
              className="btn btn-gold"
              href={whatsappLink(site().whatsapp, advanceWhatsappText(number, advance.amount))}
              target="_blank"
              rel="noopener noreferrer"
            >
              Pay the advance on WhatsApp
            </a>
          )}
          <CashOnDelivery amount={advance.balance} />
        </div>
        {advance.payLink && (
          <figure className="advance-qr">
            <AdvanceQr order={order} src={channel.qrUrl} />
            <figcaption>Scan with any UPI app on your phone</figcaption>
          </figure>
        )}
      </div>
      {advance.payLink && <PayeeUpi payLink={advance.payLink} />}
      {advance.payLink && <QrForAnotherPhone order={order} src={channel.qrUrl} />}
      <UtrForm channel={channel} />
      {advance.inFullOffer && <PayInFullOffer offer={advance.inFullOffer} channel={channel} />}
    </section>
  );
}

/**
 * Pay the whole order instead of the advance (docs/product.md "Pay in full"), while nothing is paid:
 * the owner's discount and what it comes to. One button; without the script it posts to the advance
 * link's page (orders/advance-link-form-route.ts), like the reference form.
 */
function PayInFullOffer({ offer, channel }: { offer: { payNow: number; discount: number }; channel: AdvanceChannel }) {
  const ownId = useId();
  const form = useForm({
    id: channel.formAction ? PAY_IN_FULL_FORM_ID : ownId,
    initial: {},
    check: () => ({ ok: true as const, data: null }),
    send: () => channel.payInFull(),
  });
  return (
    <form
      className="advance-in-full"
      method={channel.formAction ? 'post' : undefined}
      action={channel.formAction}
      onSubmit={form.submit}
      noValidate
    >
      <input type="hidden" name="choice" value="pay-in-full" />
      <p>
        Or pay the whole order now: <strong>{formatRupees(offer.payNow)}</strong>
        {offer.discount > 0 && <> ({formatRupees(offer.discount)} off)</>}, nothing to pay on delivery.
      </p>
      <button type="submit" className="btn" disabled={form.busy}>
        Pay {formatRupees(offer.payNow)} in full instead
      </button>
      <Message {...form.messageProps} />
      <LoaderOverlay active={form.busy} label="Please wait…" />
    </form>
  );
}

/** The cash the shopper keeps ready for the courier (common/advance.ts codMoney, from the server). */
function CashOnDelivery({ amount }: { amount: number }) {
  return amount > 0 ? (
    <p className="advance-balance">
      On delivery: <strong>{formatRupees(amount)}</strong>
    </p>
  ) : (
    <p className="advance-balance">Nothing to pay on delivery</p>
  );
}

/** The UPI reference form: checked here with the shared rule, then by the server; what was typed stays. */
function UtrForm({ channel: { send, formAction } }: { channel: AdvanceChannel }) {
  const ownId = useId();
  const form = useForm({
    // A posted form's refusal comes back under a fixed id (common/advance.ts UTR_FORM_ID).
    id: formAction ? UTR_FORM_ID : ownId,
    initial: { utr: '' },
    check: ({ utr }) => {
      const value = utrTyped(utr);
      return UTR_PATTERN.test(value) ? { ok: true, data: value } : { ok: false, field: 'utr', message: UTR_MESSAGE };
    },
    send,
    defaultField: 'utr',
  });
  const field = form.field('utr');

  return (
    <form
      className="advance-form"
      method={formAction ? 'post' : undefined}
      action={formAction}
      onSubmit={form.submit}
      noValidate
    >
      <TextField
        label="UPI reference (UTR), 12 digits"
        name="utr"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        hint={field.error ? null : 'Your UPI app shows it after paying.'}
        addon={
          <button type="submit" className="btn" disabled={form.busy}>
            Send reference
          </button>
        }
        {...field}
      />
      <LoaderOverlay active={form.busy} label="Sending the reference…" />
    </form>
  );
}

/**
 * On a phone the QR code is for paying from another phone: there only when asked for. The picture
 * is put in only once opened, so a closed (or, on a computer, hidden) box fetches nothing.
 */
function QrForAnotherPhone({ order, src }: { order: AdvanceLinkOrder; src: string }) {
  const [open, setOpen] = useState(false);
  return (
    // `needs-script`: its picture is put in by the app, so without it the box would open empty.
    <details className="advance-qr-phone needs-script" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Pay from another phone</summary>
      {open && <AdvanceQr order={order} src={src} />}
      <p>Scan this with the UPI app of the other phone.</p>
    </details>
  );
}

function AdvanceQr({ order, src }: { order: AdvanceLinkOrder; src: string }) {
  return (
    <img
      src={src}
      alt={`UPI QR code to pay the ${formatRupees(order.advance.amount)} advance for ${order.number}`}
      width={QR_SIZE}
      height={QR_SIZE}
      loading="lazy"
    />
  );
}

/** The payee's UPI id in a UPI link (upi://pay?pa=shop@bank&…), or null. */
export function payeeOf(payLink: string): string | null {
  try {
    return new URL(payLink).searchParams.get('pa');
  } catch {
    return null;
  }
}

/**
 * The shop's UPI id, to type or paste into any UPI app (a phone whose UPI app does not open the
 * link, a shopper paying from a bank's app), with a copy button.
 */
function PayeeUpi({ payLink }: { payLink: string }) {
  const payee = payeeOf(payLink);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  if (!payee) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payee);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <p className="advance-upi">
      <span>
        Or pay to UPI id <strong className="advance-upi-id">{payee}</strong>
      </span>
      <button type="button" className="btn btn-ghost advance-copy needs-script" onClick={copy}>
        Copy UPI id
      </button>
      <span className="advance-copied" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Could not copy: please select the id and copy it' : ''}
      </span>
    </p>
  );
}
