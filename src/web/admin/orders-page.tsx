import { type FormEvent, useState } from 'react';
import { ORDER_STATES, productPath } from '../../common/catalog.ts';
import { orderStatusLabel } from '../../common/orders.ts';
import type { AdminOrder, AdminOrderPage } from '../../common/schemas/admin-orders.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { Link } from '../lib/router/index.ts';
import { useResource } from '../lib/use-resource.ts';
import { adminApi, formatDateTime } from './admin-api.ts';
import { Pager } from './pager.tsx';

/** Orders (SPEC §2): USER, QTY, PRODUCT LINK, ORDER ID, DATE & TIME, STATE with its dropdown. */
export function OrdersPage() {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const filter = { status, q, page };
  const { data, error, loading, reload } = useResource<AdminOrderPage>(
    `admin:orders:${status}:${q}:${page}`,
    (signal) => adminApi.orders(filter, signal),
  );

  async function changeState(order: AdminOrder, state: string) {
    setSaving(true);
    try {
      await adminApi.setOrderState(order.id, state);
      setMessage({ text: `Order ${order.id} is now ${orderStatusLabel(state, true)}`, tone: 'success' });
      reload();
    } catch (err) {
      // SPEC §8: a failed change hides the loader and shows the server's message.
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setQ(search.trim());
    setPage(1);
  }

  return (
    <section aria-labelledby="adm-orders-title">
      <div className="adm-heading">
        <h1 id="adm-orders-title">Orders</h1>
        <a className="btn btn-ghost" href={adminApi.ordersCsvUrl({ status, q })} download>
          Export CSV
        </a>
      </div>
      <div className="adm-toolbar">
        <div className="field">
          <label htmlFor="adm-order-state">State</label>
          <select
            id="adm-order-state"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All states</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s, true)}
              </option>
            ))}
          </select>
        </div>
        <form className="adm-row" onSubmit={submitSearch} aria-label="Search orders">
          <div className="field">
            <label htmlFor="adm-order-q">Order ID or phone number</label>
            <input id="adm-order-q" value={search} maxLength={40} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <button type="submit" className="btn">
            Search
          </button>
        </form>
      </div>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={(loading && !data) || saving} />
      {data && data.items.length === 0 && <p className="adm-empty">No orders found.</p>}
      {data && data.items.length > 0 && (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">USER</th>
              <th scope="col">QTY</th>
              <th scope="col">PRODUCT LINK</th>
              <th scope="col">ORDER ID</th>
              <th scope="col">DATE &amp; TIME</th>
              <th scope="col">STATE</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((order) => (
              <tr key={order.id}>
                <td data-label="USER">
                  {order.userName}
                  <br />
                  <a href={`tel:${order.userPhone}`}>{order.userPhone}</a>
                </td>
                <td data-label="QTY">{order.quantity}</td>
                <td data-label="PRODUCT LINK">
                  {order.lines.map((line) => (
                    <div key={`${line.productId}-${line.productName}`}>
                      <Link to={productPath({ id: line.productId, name: line.productName })}>{line.productName}</Link> ×{' '}
                      {line.quantity}
                    </div>
                  ))}
                </td>
                <td data-label="ORDER ID" className="adm-id">
                  {order.id}
                </td>
                <td data-label="DATE & TIME">{formatDateTime(order.createdAt)}</td>
                <td data-label="STATE">
                  <label className="visually-hidden" htmlFor={`state-${order.id}`}>
                    State of order {order.id}
                  </label>
                  <select
                    id={`state-${order.id}`}
                    value={order.setByAdmin ? order.status : ''}
                    disabled={saving}
                    onChange={(e) => changeState(order, e.target.value)}
                  >
                    {!order.setByAdmin && (
                      <option value="" disabled>
                        Pending
                      </option>
                    )}
                    {ORDER_STATES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={page} pageCount={data.pageCount} label="Order pages" onPage={setPage} />}
    </section>
  );
}
