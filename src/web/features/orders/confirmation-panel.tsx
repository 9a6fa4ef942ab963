import { useState } from 'react';
import type { Order } from '../../../common/schemas/order.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Link } from '../../lib/router/index.ts';
import { AdvancePanel, ownOrderChannel } from './advance-panel.tsx';
import { useOrder, useOrders } from './orders-api.ts';
import './orders.css';
import { PAGE } from '../../../common/page-paths.ts';

/**
 * Confirmation (docs/product.md#confirmation): ORDERED SUCCESSFULLY with the new order's number and
 * how to confirm it (the advance, docs/product.md#the-advance). The number comes from
 * checkout; opened directly, the shopper's latest order is shown.
 */
export function ConfirmationPanel({ orderNumber, userId }: { orderNumber: string | null; userId: string }) {
  const latest = useOrders('all', orderNumber === null ? userId : null);
  const one = useOrder(orderNumber, userId);
  const [changed, setChanged] = useState<Order | null>(null);
  const loaded = orderNumber ? one.data?.order : latest.data?.orders[0];
  const order = changed ?? loaded ?? null;
  const number = orderNumber ?? order?.number ?? null;
  const error = orderNumber ? one.error : latest.error;
  return (
    <div className="panel confirmation">
      <h1>ORDERED SUCCESSFULLY</h1>
      {number && (
        <p>
          Order number: <span className="confirmation-id">{number}</span>
        </p>
      )}
      <p>THANK YOU FOR CHOOSING US!</p>
      {order ? (
        <div className="confirmation-advance">
          <AdvancePanel order={order} channel={ownOrderChannel(order.number, setChanged)} />
        </div>
      ) : (
        <LoadError message={error} onRetry={orderNumber ? one.reload : latest.reload} />
      )}
      <div className="confirmation-actions">
        <Link className="btn btn-gold" to="/">
          Home
        </Link>
        <Link className="btn btn-ghost" to="/product">
          Explore more
        </Link>
        <Link className="btn btn-ghost" to={PAGE.orders}>
          Your orders
        </Link>
      </div>
    </div>
  );
}
