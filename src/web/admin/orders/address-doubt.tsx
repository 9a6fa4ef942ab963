/**
 * The owner's doubt about an order's address (docs/product.md "A doubtful address"; server
 * orders/address-check.ts), under the shopper's name in Admin Orders: before packing, "Address
 * doubtful?" asks what is unclear and sends the shopper the correction link (packing waits); while
 * marked, the note and "Clear"; once corrected, the address the shopper gave and the one it replaced.
 */
import { useState } from 'react';
import { ADDRESS_DOUBT_RULES } from '../../../common/address-check.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { orderApi } from '../../../common/order-api.ts';
import type { AdminOrder } from '../../../common/schemas/admin-orders.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { call } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';

const EVENT_LABELS: Record<string, string> = {
  doubtful: 'Address marked doubtful',
  cleared: 'Address doubt cleared',
  corrected: 'Address corrected by the shopper',
};

/** An address event's words in the order's history. */
export function addressEventLabel(status: string): string {
  return EVENT_LABELS[status] ?? status;
}

export function AddressDoubt({ order, onOrder }: { order: AdminOrder; onOrder: (order: AdminOrder) => void }) {
  const { addressCheck: check, number } = order;
  const [asking, setAsking] = useState(false);
  const [clearing, setClearing] = useState(false);
  const form = useForm({
    id: `adm-address-${number}`,
    initial: { note: '' },
    check: (values) => checkForm(ADDRESS_DOUBT_RULES, values),
    send: (data) => call(orderApi.markAddressDoubt, { params: { orderNumber: number }, body: data }),
    defaultField: 'note',
    onSuccess: (reply) => {
      setAsking(false);
      onOrder(reply.order);
    },
  });
  const clear = async () => {
    setClearing(true);
    try {
      onOrder((await call(orderApi.clearAddressDoubt, { params: { orderNumber: number } })).order);
    } finally {
      setClearing(false);
    }
  };

  return (
    <div className="adm-address">
      <span className="adm-address-line">{order.address}</span>
      {check.doubtful && (
        <span className="adm-address-doubt" role="status">
          Address doubtful: waiting for the shopper{check.note ? ` (“${check.note}”)` : ''}
          <button type="button" className="btn btn-ghost btn-small" disabled={clearing} onClick={clear}>
            Clear<span className="visually-hidden"> the address doubt of {number}</span>
          </button>
        </span>
      )}
      {check.correctedAt && check.was && (
        <span className="adm-address-fixed">
          Corrected by the shopper {formatDateTime(check.correctedAt)}. Was: {check.was}
        </span>
      )}
      {!check.doubtful &&
        order.status === 'ordered' &&
        (asking ? (
          <form className="adm-note-form" onSubmit={form.submit} noValidate>
            <TextField label="What is unclear (the shopper reads it)" maxLength={200} {...form.field('note')} />
            <Message {...form.messageProps} />
            <div className="adm-order-buttons">
              <button type="submit" className="btn btn-small" disabled={form.busy}>
                Send the correction link
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
                Back
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setAsking(true)}>
            Address doubtful?<span className="visually-hidden"> Order {number}</span>
          </button>
        ))}
    </div>
  );
}
