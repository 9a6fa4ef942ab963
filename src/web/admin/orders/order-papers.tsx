import { type FormEvent, useState } from 'react';
import { GST_STATES } from '../../../common/gst-states.ts';
import { adminInvoiceUrl, adminLabelUrl } from '../../../common/order-api.ts';
import { hasLabel } from '../../../common/paperwork.ts';
import type { AdminOrder } from '../../../common/schemas/admin-orders.ts';

/**
 * An order's papers in Admin Orders (docs/product.md#invoice): its invoice once dispatched, its label
 * once the advance is settled, and the box that puts its label in the "Print labels" batch. The PDFs
 * open in a new tab, where the browser prints them.
 */
export function OrderPapers({
  order,
  selected,
  onSelect,
}: {
  order: AdminOrder;
  selected: boolean;
  onSelect: (order: AdminOrder, selected: boolean) => void;
}) {
  const { number, invoiceNumber } = order;
  const labelled = hasLabel(order.status, order.advance.state);
  if (!invoiceNumber && !labelled) return null;
  return (
    <div className="adm-papers">
      {labelled && (
        <label className="adm-pick">
          <input type="checkbox" checked={selected} onChange={(e) => onSelect(order, e.target.checked)} />
          <span>
            Select<span className="visually-hidden"> {number}</span> for labels
          </span>
        </label>
      )}
      <span className="adm-paper-links">
        {invoiceNumber && (
          <a href={adminInvoiceUrl(number)} target="_blank" rel="noopener" title={`Invoice ${invoiceNumber} (PDF)`}>
            Invoice<span className="visually-hidden"> of {number}</span>
          </a>
        )}
        {labelled && (
          <a href={adminLabelUrl(number)} target="_blank" rel="noopener" title="Packing slip and label (PDF)">
            Label<span className="visually-hidden"> of {number}</span>
          </a>
        )}
      </span>
      {invoiceNumber && <span className="adm-invoice-number">{invoiceNumber}</span>}
    </div>
  );
}

/** The delivery state the owner chooses when a dispatch was refused for an address that names none. */
export function SupplyStateForm({
  orderNumber,
  busy,
  onChoose,
}: {
  orderNumber: string;
  busy: boolean;
  onChoose: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const id = `adm-supply-${orderNumber}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (code) onChoose(code);
  }
  return (
    <form className="adm-supply-form" onSubmit={submit}>
      <label htmlFor={id}>Delivery state of {orderNumber}</label>
      <select id={id} value={code} required onChange={(e) => setCode(e.target.value)}>
        <option value="">Choose the state</option>
        {GST_STATES.filter((s) => s.code !== '99').map((s) => (
          <option key={s.code} value={s.code}>
            {s.name} ({s.code})
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-small" disabled={busy || !code}>
        Use this state
      </button>
    </form>
  );
}
