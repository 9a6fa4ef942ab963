import { useState } from 'react';
import { ADVANCE_ADMIN_LABELS, type AdvanceState } from '../../../common/advance.ts';
import { productPath } from '../../../common/catalog.ts';
import { deliveryPlace } from '../../../common/delivery-place.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { formatRupees } from '../../../common/money.ts';
import { ORDER_STATES, type OrderState, orderStatusLabel, stateRule } from '../../../common/orders.ts';
import { type AdminOrder, type AdvanceActionInput, advanceActionSchema } from '../../../common/schemas/admin-orders.ts';
import type { CourierInfo } from '../../../common/schemas/courier-booking.ts';
import { SETTLEMENT_EVENT_LABELS } from '../../../common/settlement.ts';
import { stepRule } from '../../../common/shipments.ts';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { AddressDoubt, addressEventLabel } from './address-doubt.tsx';
import { BookCourier } from './book-courier.tsx';
import { OrderPapers, SupplyStateForm } from './order-papers.tsx';
import { OrderRisk } from './order-risk.tsx';
import { SettlementPanel } from './settlement-panel.tsx';
import { ShipmentPanel } from './shipment-panel.tsx';

export const ORDER_COLUMNS = ['USER', 'QTY', 'PRODUCT LINK', 'ORDER ID', 'DATE & TIME', 'ADVANCE', 'STATE'] as const;

export type AdvanceAction = 'received' | 'refused' | 'waived';
type NoteAction = Exclude<AdvanceAction, 'received'>;
export interface RowNote {
  text: string;
  tone: 'error' | 'success';
}

/** What the owner may record on an advance in each state (the server’s rules, orders/order-changes.ts). */
const ACTIONS: Record<AdvanceAction, readonly AdvanceState[]> = {
  received: ['awaiting', 'submitted', 'refused'],
  refused: ['submitted', 'received'],
  waived: ['awaiting', 'submitted', 'refused'],
};

const NOTE_FORMS = {
  refused: { label: 'Reason (the shopper reads it)', submit: 'Refuse advance', button: 'Refuse' },
  waived: { label: 'Note (why no advance is needed)', submit: 'Waive advance', button: 'Waive' },
} as const;

/**
 * One order of Admin Orders: a <tbody> holding its row and, under it, the
 * answer to the owner's last change (the packing gate's refusal stays until
 * the next change). The advance's state, UTR and actions; the state select
 * shows the order's real state; its history opens below the select. Under the
 * number, its papers (order-papers.tsx); under the row, the delivery state to
 * choose when a dispatch's address names none.
 */
export function OrderRow({
  order,
  note,
  busy,
  onNoteClose,
  onState,
  onReceived,
  onAdvanceNote,
  selected,
  onSelect,
  askSupplyState,
  onShipped,
  courier,
}: {
  order: AdminOrder;
  note: RowNote | null;
  busy: boolean;
  onNoteClose: () => void;
  /**
   * supplyState: the delivery state the owner chose when the address names none; the change then
   * rejects with the server's error, which the delivery state's form shows.
   */
  onState: (order: AdminOrder, state: OrderState, supplyState?: string) => Promise<void>;
  /** In the "Print labels" batch. */
  selected: boolean;
  onSelect: (order: AdminOrder, selected: boolean) => void;
  /** The state change waiting for the owner to choose the delivery state (the invoice's place of supply). */
  askSupplyState: OrderState | null;
  /** The order as the server has it after a change of its parcel (shipment-panel.tsx). */
  onShipped: (order: AdminOrder) => void;
  /** The store's courier: "Book courier" shows for one with an API (book-courier.tsx). */
  courier?: CourierInfo;
  /** "Mark received": the answer shows under the row (`note`). */
  onReceived: (order: AdminOrder) => void;
  /** A refusal or waiver with its note; rejects with the server's error, which its form shows. */
  onAdvanceNote: (order: AdminOrder, input: AdvanceActionInput) => Promise<unknown>;
}) {
  const { number, advance } = order;
  const [asking, setAsking] = useState<NoteAction | null>(null);
  // An order that no longer goes out (cancelled) has no advance to change (the state table, common/orders.ts),
  // nor does one whose parcel is coming back to the shop (a walk found REFUSE on a returning parcel).
  const live = stateRule(order.status).live;
  const comingBack = order.shipment ? stepRule(order.shipment.step).comingBack : false;
  const can = (action: AdvanceAction) => live && !comingBack && ACTIONS[action].includes(advance.state);

  return (
    <tbody className="adm-order">
      <tr>
        <td data-label="USER">
          {order.userName}
          <br />
          <a href={`tel:${order.userPhone}`}>{order.userPhone}</a>
          <DeliveryPlaceLine address={order.address} />
          <AddressDoubt order={order} onOrder={onShipped} />
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
          {number}
          <OrderPapers order={order} selected={selected} onSelect={onSelect} />
        </td>
        <td data-label="DATE & TIME">{formatDateTime(order.createdAt)}</td>
        <td data-label="ADVANCE" className="adm-advance">
          <span className={`adm-advance-state adm-advance-${advance.state}`}>
            {ADVANCE_ADMIN_LABELS[advance.state]}
          </span>
          {advance.utr && (
            <span className="adm-utr">
              UTR <span className="adm-id">{advance.utr}</span>
            </span>
          )}
          {advance.note && <span className="adm-advance-note">“{advance.note}”</span>}
          {/* From the one rule (common/advance.ts codMoney): a waived advance shows the whole total to collect. */}
          <span className="adm-advance-sum">
            {live
              ? `${advance.amount > 0 ? `${formatRupees(advance.amount)} advance` : 'No advance'} · ${formatRupees(advance.balance)} on delivery`
              : 'Nothing to collect on delivery'}
          </span>
          <OrderRisk risk={order.risk} />
          {order.earlierReturns > 0 && (
            <span className="adm-returns">
              {order.earlierReturns} earlier {order.earlierReturns === 1 ? 'order' : 'orders'} returned
            </span>
          )}
          {order.shopperConfirmedAt && (
            <span className="adm-confirmed" title={`Confirmed ${formatDateTime(order.shopperConfirmedAt)}`}>
              ✓ Confirmed by the shopper on WhatsApp
            </span>
          )}
          {asking ? (
            <AdvanceNoteForm
              order={order}
              action={asking}
              busy={busy}
              onSend={onAdvanceNote}
              onClose={() => setAsking(null)}
            />
          ) : (
            <div className="adm-order-buttons">
              {can('received') && (
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => onReceived(order)}>
                  Mark received<span className="visually-hidden"> for {number}</span>
                </button>
              )}
              {(['refused', 'waived'] as const).map(
                (action) =>
                  can(action) && (
                    <button
                      key={action}
                      type="button"
                      className="btn btn-ghost btn-small"
                      disabled={busy}
                      onClick={() => setAsking(action)}
                    >
                      {NOTE_FORMS[action].button}
                      <span className="visually-hidden"> the advance of {number}</span>
                    </button>
                  ),
              )}
            </div>
          )}
          <SettlementPanel order={order} onOrder={onShipped} />
        </td>
        <td data-label="STATE">
          <label className="visually-hidden" htmlFor={`state-${number}`}>
            State of order {number}
          </label>
          <select
            id={`state-${number}`}
            value={order.status}
            disabled={busy}
            // The options are ORDER_STATES.
            onChange={(e) => void onState(order, e.target.value as OrderState)}
          >
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s, true)}
              </option>
            ))}
          </select>
          <details className="adm-history">
            <summary>
              History<span className="visually-hidden"> of {number}</span> ({order.history.length})
            </summary>
            <ol>
              {order.history.map((event) => (
                <li key={`${event.at}-${event.kind}-${event.status}-${event.note ?? ''}`}>
                  <strong>
                    {event.kind === 'state'
                      ? orderStatusLabel(event.status, true)
                      : event.kind === 'address'
                        ? addressEventLabel(event.status)
                        : (ADVANCE_ADMIN_LABELS[event.status as AdvanceState] ??
                          SETTLEMENT_EVENT_LABELS[event.status] ??
                          event.status)}
                  </strong>
                  {event.note && <span className="adm-history-note"> {event.note}</span>}
                  <span className="adm-history-meta">
                    {formatDateTime(event.at)} · {event.admin ?? 'the shopper'}
                  </span>
                </li>
              ))}
            </ol>
          </details>
          <BookCourier order={order} courier={courier} onOrder={onShipped} />
          <ShipmentPanel order={order} onOrder={onShipped} />
        </td>
      </tr>
      {(note || askSupplyState) && (
        <tr className="adm-order-note">
          <td colSpan={ORDER_COLUMNS.length}>
            {note && (
              <Message
                text={note.text}
                tone={note.tone}
                onClose={onNoteClose}
                autoHideMs={note.tone === 'error' ? null : undefined}
              />
            )}
            {askSupplyState && (
              <SupplyStateForm
                orderNumber={number}
                state={askSupplyState}
                busy={busy}
                onChoose={(code) => onState(order, askSupplyState, code)}
              />
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
}

/**
 * The reason for a refusal or the note of a waiver, checked with the server's schema before it
 * is sent; what the server refuses shows in the form's message, with the note marked. Closes
 * when the finding is recorded (the row's note says so) or on Back.
 */
function AdvanceNoteForm({
  order,
  action,
  busy,
  onSend,
  onClose,
}: {
  order: AdminOrder;
  action: NoteAction;
  busy: boolean;
  onSend: (order: AdminOrder, input: AdvanceActionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    id: `adm-note-${order.number}`,
    initial: { note: '' },
    check: (values) => advanceActionSchema.safeParse({ action, note: values.note }),
    send: (data) => onSend(order, data),
    defaultField: 'note',
    onSuccess: onClose,
  });
  const text = NOTE_FORMS[action];
  return (
    <form className="adm-note-form" onSubmit={form.submit} noValidate>
      <TextAreaField label={text.label} rows={3} maxLength={300} showError={false} {...form.field('note')} />
      <Message {...form.messageProps} />
      <div className="adm-order-buttons">
        <button type="submit" className="btn btn-small" disabled={busy || form.busy}>
          {text.submit}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}

/** Where the order goes, at a glance (docs/product.md#admin-orders): the delivery city and pincode. */
function DeliveryPlaceLine({ address }: { address: string }) {
  const { city, pincode } = deliveryPlace(address);
  if (!city && !pincode) return null;
  return (
    <span className="adm-place">
      <br />
      {[city, pincode].filter(Boolean).join(' · ')}
    </span>
  );
}
