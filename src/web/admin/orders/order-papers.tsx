import { adminCreditNoteUrl } from '../../../common/credit-note-api.ts';
import { GST_STATES } from '../../../common/gst-states.ts';
import { adminInvoiceUrl, adminLabelUrl } from '../../../common/order-api.ts';
import type { OrderState } from '../../../common/orders.ts';
import { hasLabel } from '../../../common/paperwork.ts';
import { type AdminOrder, orderStateInputSchema } from '../../../common/schemas/admin-orders.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';

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
  const { number, invoiceNumber, creditNoteNumber } = order;
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
        {creditNoteNumber && (
          <a
            href={adminCreditNoteUrl(number)}
            target="_blank"
            rel="noopener"
            title={`Credit note ${creditNoteNumber} (PDF)`}
          >
            Credit note<span className="visually-hidden"> of {number}</span>
          </a>
        )}
        {labelled && (
          <a href={adminLabelUrl(number)} target="_blank" rel="noopener" title="Packing slip and label (PDF)">
            Label<span className="visually-hidden"> of {number}</span>
          </a>
        )}
      </span>
      {invoiceNumber && <span className="adm-invoice-number">{invoiceNumber}</span>}
      {creditNoteNumber && <span className="adm-invoice-number">{creditNoteNumber}</span>}
    </div>
  );
}

/**
 * The delivery state the owner chooses when a dispatch was refused for an address that names none:
 * the state change is sent again with it (`onChoose`), checked first with the server's schema
 * (nothing chosen: "Please choose the state the order is delivered to"). What the server refuses
 * shows in the form's message, with the select marked; the page closes the form once the change is made.
 */
export function SupplyStateForm({
  orderNumber,
  state,
  busy,
  onChoose,
}: {
  orderNumber: string;
  /** The state change waiting for it (dispatched or delivered). */
  state: OrderState;
  busy: boolean;
  /** Sends the change with the chosen GST state code; rejects with the server's error. */
  onChoose: (code: string) => Promise<unknown>;
}) {
  const form = useForm({
    id: `adm-supply-${orderNumber}`,
    initial: { supplyState: '' },
    // '' is no code: the schema's message asks for one.
    check: (values) => orderStateInputSchema.safeParse({ state, supplyState: values.supplyState }),
    send: (data) => onChoose(data.supplyState ?? ''),
    defaultField: 'supplyState',
  });
  return (
    <form className="adm-supply-form" onSubmit={form.submit} noValidate>
      <SelectField
        label={`Delivery state of ${orderNumber}`}
        showError={false}
        addon={
          <button type="submit" className="btn btn-small" disabled={busy || form.busy}>
            Use this state
          </button>
        }
        {...form.field('supplyState')}
      >
        <option value="">Choose the state</option>
        {GST_STATES.filter((s) => s.code !== '99').map((s) => (
          <option key={s.code} value={s.code}>
            {s.name} ({s.code})
          </option>
        ))}
      </SelectField>
      <Message {...form.messageProps} />
      <LoaderOverlay active={form.busy} label={`Changing the state of ${orderNumber}…`} />
    </form>
  );
}
