import { useState } from 'react';
import { creditNoteUrl } from '../../../common/credit-note-api.ts';
import { formatDate } from '../../../common/india-time.ts';
import { formatRupees } from '../../../common/money.ts';
import { invoiceUrl } from '../../../common/order-api.ts';
import { stateRule } from '../../../common/orders.ts';
import type { Order } from '../../../common/schemas/order.ts';
import { whatsappLink } from '../../../common/site.ts';
import { LinePicture } from '../../components/line-picture.tsx';
import { site } from '../../lib/site.ts';
import { AfterSalesPanel } from '../after-sales/after-sales-panel.tsx';
import { AdvancePanel, ownOrderChannel } from './advance-panel.tsx';
import { SettlementInfo } from './settlement-info.tsx';
import { ShipmentInfo } from './shipment-info.tsx';

/**
 * One order (docs/product.md#your-orders-and-history): its number, watches with quantities,
 * status (Pending until an admin sets one), the advance (how to pay it while
 * open), the delivery window, the invoice once dispatched, and Cancel as a WhatsApp message with
 * the order number (not for cancelled or delivered orders).
 */
export function OrderCard({ order: listed, userId }: { order: Order; userId?: string }) {
  // The answer to the shopper's own change (the advance's reference) until the list is read again.
  const [changed, setChanged] = useState<Order | null>(null);
  const order = changed && changed.number === listed.number ? changed : listed;
  const finished = stateRule(order.status).closed;
  const cancelText = `Hello! I want to cancel my order ${order.number}.`;
  return (
    <article className="order-card card" aria-labelledby={`order-${order.number}`}>
      <header className="order-card-head">
        <div>
          <h2 id={`order-${order.number}`}>
            Order number: <span className="order-id">{order.number}</span>
          </h2>
          <p className="order-meta">Ordered on {formatDate(order.createdAt)}</p>
        </div>
        <span className={`badge order-status order-status-${order.status}`}>{order.statusLabel}</span>
      </header>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.productId} className="order-line">
            <LinePicture image={line.image} size={72} />
            <div>
              <p className="order-line-name">{line.name}</p>
              <p className="order-meta">
                Quantity: {line.quantity} · {formatRupees(line.discountPrice)} each
              </p>
            </div>
          </li>
        ))}
      </ul>
      {order.shipment && <ShipmentInfo shipment={order.shipment} choicePath={order.deliveryChoicePath} />}
      <AdvancePanel order={order} channel={ownOrderChannel(order.number, setChanged)} heading="h3" />
      <SettlementInfo settlement={order.settlement} />
      {/* docs/product.md#after-sales: exchange within 24 hours, a problem within 5 days of delivery. */}
      {userId && order.status === 'delivered' && <AfterSalesPanel orderNumber={order.number} userId={userId} />}
      <footer className="order-card-foot">
        <p>
          Total <strong>{formatRupees(order.totals.total)}</strong>
        </p>
        {!finished && !order.shipment?.expectedBy && (
          <p className="order-meta">
            Estimated delivery: {formatDate(order.delivery.from)} – {formatDate(order.delivery.to)}
          </p>
        )}
        {(order.invoiceNumber || order.creditNoteNumber || !finished) && (
          // The buttons together at the right: spread out, the invoice floated mid-card on a wide screen.
          <div className="order-card-actions">
            {order.invoiceNumber && (
              // The invoice is given at dispatch (docs/product.md#invoice); the phone saves the PDF.
              <a className="btn btn-ghost order-invoice" href={invoiceUrl(order.number)} download>
                Invoice<span className="visually-hidden"> {order.invoiceNumber} (PDF)</span>
              </a>
            )}
            {order.creditNoteNumber && (
              // Given when the invoiced order was cancelled or came back (docs/product.md#the-books-credit-notes-and-gstr-1).
              <a className="btn btn-ghost order-invoice" href={creditNoteUrl(order.number)} download>
                Credit note<span className="visually-hidden"> {order.creditNoteNumber} (PDF)</span>
              </a>
            )}
            {!finished && (
              <a
                className="btn btn-ghost order-cancel"
                href={whatsappLink(site().whatsapp, cancelText)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Cancel
              </a>
            )}
          </div>
        )}
      </footer>
    </article>
  );
}
