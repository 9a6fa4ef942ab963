import { imageUrl } from '../../../common/media.ts';
import { formatRupees } from '../../../common/money.ts';
import { formatDate } from '../../../common/orders.ts';
import type { Order } from '../../../common/schemas/order.ts';
import { whatsappLink } from '../../../common/site.ts';
import { site } from '../../lib/site.ts';

/**
 * One order (SPEC §2 Your Orders / History): id, watches with quantities,
 * status (Pending until an admin sets one), the delivery window, and Cancel
 * as a WhatsApp message with the order id (not for cancelled or delivered orders).
 */
export function OrderCard({ order }: { order: Order }) {
  const finished = order.status === 'delivered' || order.status === 'cancelled';
  const cancelText = `Hello! I want to cancel my order ${order.id}.`;
  return (
    <article className="order-card card" aria-labelledby={`order-${order.id}`}>
      <header className="order-card-head">
        <div>
          <h2 id={`order-${order.id}`}>
            Order ID: <span className="order-id">{order.id}</span>
          </h2>
          <p className="order-meta">Ordered on {formatDate(order.createdAt)}</p>
        </div>
        <span className={`badge order-status order-status-${order.status}`}>{order.statusLabel}</span>
      </header>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.productId} className="order-line">
            {line.image ? <img src={imageUrl(line.image, 240)} alt="" width={72} height={72} loading="lazy" /> : null}
            <div>
              <p className="order-line-name">{line.name}</p>
              <p className="order-meta">
                Quantity: {line.quantity} · {formatRupees(line.discountPrice)} each
              </p>
            </div>
          </li>
        ))}
      </ul>
      <footer className="order-card-foot">
        <p>
          Total <strong>{formatRupees(order.totals.total)}</strong>
        </p>
        {!finished && (
          <p className="order-meta">
            Estimated delivery: {formatDate(order.delivery.from)} – {formatDate(order.delivery.to)}
          </p>
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
      </footer>
    </article>
  );
}
