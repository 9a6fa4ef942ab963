import { type FormEvent, useState } from 'react';
import { ADVANCE_ADMIN_LABELS, ADVANCE_STATES } from '../../../common/advance.ts';
import { adminLabelsUrl, SUPPLY_STATE_UNKNOWN } from '../../../common/order-api.ts';
import { ORDER_STATES, type OrderState, orderStatusLabel } from '../../../common/orders.ts';
import { hasLabel } from '../../../common/paperwork.ts';
import type { AdminOrder, AdminOrderPage, AdvanceActionInput } from '../../../common/schemas/admin-orders.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useLocation } from '../../lib/router/index.ts';
import { invalidate, useResource } from '../../lib/use-resource.ts';
import { adminApi, type OrderFilter } from '../admin-api.ts';
import { Pager } from '../pager.tsx';
import { BookTicked, useCourier } from './book-courier.tsx';
import { type AdvanceAction, ORDER_COLUMNS, OrderRow, type RowNote } from './order-row.tsx';
import './paperwork.css';

const ADVANCE_DONE: Record<AdvanceAction, string> = {
  received: 'advance marked received',
  refused: 'advance refused: the shopper is asked for a new reference',
  waived: 'advance waived',
};

/** The filters a link may open the page with: /dashboard/orders?advance=submitted (the dashboard's "Needs you"). */
function filterFromQuery(search: string): Required<OrderFilter> {
  const query = new URLSearchParams(search);
  const status = query.get('status') ?? '';
  const advance = query.get('advance') ?? '';
  const q = (query.get('q') ?? '').trim();
  return {
    // Needs you's "advances to refund or keep" (docs/product.md "Every advance settled").
    settle: query.get('settle') === 'todo' ? 'todo' : '',
    status: (ORDER_STATES as readonly string[]).includes(status) ? status : '',
    advance: (ADVANCE_STATES as readonly string[]).includes(advance) ? advance : '',
    q: /^[0-9A-Za-z-]{0,40}$/.test(q) ? q : '',
  };
}

/**
 * Orders (docs/product.md#admin-orders, #the-packing-gate): USER, QTY, PRODUCT LINK, ORDER ID (the order
 * number), DATE & TIME, ADVANCE with its actions, STATE with its dropdown and
 * history. A new link (another query) starts the page afresh from its filters.
 */
export function OrdersPage() {
  const { search } = useLocation();
  return <OrdersView key={search} initial={filterFromQuery(search)} />;
}

function OrdersView({ initial }: { initial: Required<OrderFilter> }) {
  const [status, setStatus] = useState(initial.status);
  const [advance, setAdvance] = useState(initial.advance);
  const [search, setSearch] = useState(initial.q);
  const [q, setQ] = useState(initial.q);
  const [page, setPageState] = useState(1);
  // A change being sent, and whose overlay shows it: the page's, or that of the form that sent it.
  const [saving, setSaving] = useState<'page' | 'form' | null>(null);
  // The server's answers to this page's changes, shown in place until the list is read again.
  const [changed, setChanged] = useState<Record<string, AdminOrder>>({});
  const [note, setNote] = useState<{ number: string } & RowNote>();
  // The orders ticked for "Print labels", in the order ticked.
  const [picked, setPicked] = useState<string[]>([]);
  // A dispatch waiting for the owner to choose the delivery state (docs/product.md#invoice).
  const [asking, setAsking] = useState<{ number: string; state: OrderState }>();
  // The store's courier: with an API, "Book courier" for one order or the ticked ones (book-courier.tsx).
  const courier = useCourier();
  const [settle, setSettle] = useState(initial.settle);
  const filter = { status, advance, q, page, settle };
  const { data, error, loading, reload } = useResource<AdminOrderPage>(
    `admin:orders:${status}:${advance}:${q}:${page}:${settle}`,
    (signal) => adminApi.orders(filter, signal),
  );

  /** Every new list starts from what the server says. */
  function refilter(apply: () => void) {
    apply();
    setPageState(1);
    setChanged({});
    setNote(undefined);
    setPicked([]);
    setAsking(undefined);
  }

  /**
   * Sends a change and shows the server's answer in place; rejects with the call's error.
   * `overlay`: 'form' when the sending form shows its own loader overlay.
   */
  async function send(
    call: () => Promise<{ order: AdminOrder }>,
    done: string,
    overlay: 'page' | 'form' = 'page',
  ): Promise<void> {
    setSaving(overlay);
    setNote(undefined);
    try {
      const { order: next } = await call();
      setChanged((c) => ({ ...c, [next.number]: next }));
      setNote({ number: next.number, text: done, tone: 'success' });
      // The dashboard's counts and the other lists read afresh.
      invalidate('admin:stats');
      invalidate('admin:orders');
    } finally {
      setSaving(null);
    }
  }

  /** An order whose parcel changed (shipment-panel.tsx): shown as the server now has it. */
  function shipped(next: AdminOrder) {
    setChanged((c) => ({ ...c, [next.number]: next }));
    invalidate('admin:stats');
    invalidate('admin:orders');
  }

  /** As `send`, resolving to the error's message instead (null when done). */
  async function change(call: () => Promise<{ order: AdminOrder }>, done: string): Promise<string | null> {
    try {
      await send(call, done);
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  }

  /**
   * A state change. From the row's select, the answer shows under the row, and an address that names
   * no state asks for it. With `supplyState`, sent by the delivery state's form: that form shows what
   * the server refused, so this rejects with it, and the form closes once the change is made.
   */
  async function changeState(order: AdminOrder, state: OrderState, supplyState?: string): Promise<void> {
    const done = `Order ${order.number} is now ${orderStatusLabel(state, true)}`;
    if (supplyState !== undefined) {
      await send(() => adminApi.setOrderState(order.number, state, supplyState), done, 'form');
      setAsking(undefined);
      return;
    }
    let needsState = false;
    setAsking(undefined);
    const failed = await change(
      () =>
        adminApi.setOrderState(order.number, state).catch((err: unknown) => {
          needsState = err instanceof ApiError && err.code === SUPPLY_STATE_UNKNOWN;
          throw err;
        }),
      done,
    );
    // The packing gate's refusal stays in view, under the order, until the next change.
    if (failed) setNote({ number: order.number, text: failed, tone: 'error' });
    // An address naming no state: the owner chooses it, and the change is sent again with it.
    if (failed && needsState) setAsking({ number: order.number, state });
  }

  function pick(order: AdminOrder, on: boolean) {
    setPicked((now) =>
      on ? [...now.filter((n) => n !== order.number), order.number] : now.filter((n) => n !== order.number),
    );
  }

  async function markReceived(order: AdminOrder) {
    const failed = await change(
      () => adminApi.recordAdvance(order.number, { action: 'received', note: '' }),
      `Order ${order.number}: ${ADVANCE_DONE.received}`,
    );
    if (failed) setNote({ number: order.number, text: failed, tone: 'error' });
  }

  /** A refusal or waiver: its own form shows what the server refused, so this rejects with it. */
  function recordAdvanceNote(order: AdminOrder, input: AdvanceActionInput) {
    return send(
      () => adminApi.recordAdvance(order.number, input),
      `Order ${order.number}: ${ADVANCE_DONE[input.action]}`,
    );
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    refilter(() => setQ(search.trim()));
  }

  // Ticked orders that still have a label (one cancelled since drops out of the batch).
  const printable = picked.filter((number) => {
    const order = changed[number] ?? data?.items.find((o) => o.number === number);
    return order && hasLabel(order.status, order.advance.state);
  });

  return (
    <section aria-labelledby="adm-orders-title">
      <div className="adm-heading">
        <h1 id="adm-orders-title">Orders</h1>
        <a className="btn btn-ghost" href={adminApi.ordersCsvUrl({ status, advance, q })} download>
          Export CSV
        </a>
      </div>
      <div className="adm-toolbar adm-orders-toolbar">
        <div className="field">
          <label htmlFor="adm-order-state">State</label>
          <select id="adm-order-state" value={status} onChange={(e) => refilter(() => setStatus(e.target.value))}>
            <option value="">All states</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s, true)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="adm-order-advance">Advance</label>
          <select id="adm-order-advance" value={advance} onChange={(e) => refilter(() => setAdvance(e.target.value))}>
            <option value="">All advances</option>
            {ADVANCE_STATES.map((s) => (
              <option key={s} value={s}>
                {ADVANCE_ADMIN_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <form className="adm-row" onSubmit={submitSearch} aria-label="Search orders">
          <div className="field">
            <label htmlFor="adm-order-q">Order number, phone or UTR</label>
            <input
              id="adm-order-q"
              value={search}
              maxLength={40}
              placeholder="TSW-10427"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="btn">
            Search
          </button>
        </form>
      </div>
      {settle === 'todo' && (
        <p className="adm-notice" role="note">
          Cancelled or returned orders whose advance is still to refund or keep.{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => refilter(() => setSettle(''))}>
            Show all orders
          </button>
        </p>
      )}
      {data && (
        <p className="adm-count" aria-live="polite">
          {data.total} {data.total === 1 ? 'order' : 'orders'}
        </p>
      )}
      <LoadError
        message={error}
        onRetry={() => {
          setChanged({});
          reload();
        }}
      />
      {data && data.gstin === null && (
        <p className="adm-notice" role="note">
          The shop has no GSTIN configured (SHOP_GSTIN is not set): invoices print as receipts without tax lines.
        </p>
      )}
      {data && data.items.length > 0 && (
        <div className="adm-labels-bar">
          {printable.length > 0 ? (
            <a className="btn btn-small" href={adminLabelsUrl(printable)} target="_blank" rel="noopener">
              Print labels ({printable.length})
            </a>
          ) : (
            <button type="button" className="btn btn-small" disabled>
              Print labels (0)
            </button>
          )}
          <BookTicked
            numbers={picked}
            courier={courier}
            onDone={() => {
              setChanged({});
              invalidate('admin:orders');
              reload();
            }}
          />
          {picked.length > 0 ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setPicked([])}>
              Clear selection
            </button>
          ) : (
            <span className="adm-labels-hint">
              Tick “Select for labels” on orders to print their labels as one PDF.
            </span>
          )}
        </div>
      )}
      <LoaderOverlay active={(loading && !data) || saving === 'page'} />
      {data && data.items.length === 0 && <p className="adm-empty">No orders found.</p>}
      {data && data.items.length > 0 && (
        <table className="adm-table adm-orders-table">
          <thead>
            <tr>
              {ORDER_COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          {data.items.map((listed) => {
            const order = changed[listed.number] ?? listed;
            return (
              <OrderRow
                key={order.number}
                order={order}
                note={note?.number === order.number ? note : null}
                busy={saving !== null}
                onNoteClose={() => setNote(undefined)}
                onState={changeState}
                onShipped={shipped}
                courier={courier}
                onReceived={markReceived}
                onAdvanceNote={recordAdvanceNote}
                selected={picked.includes(order.number)}
                onSelect={pick}
                askSupplyState={asking?.number === order.number ? asking.state : null}
              />
            );
          })}
        </table>
      )}
      {data && (
        <Pager
          page={page}
          pageCount={data.pageCount}
          label="Order pages"
          onPage={(p) => {
            setPageState(p);
            setChanged({});
            setNote(undefined);
            setPicked([]);
            setAsking(undefined);
          }}
        />
      )}
    </section>
  );
}
