import { useState } from 'react';
import { formatPaise } from '../../../common/gst.ts';
import { indiaDay } from '../../../common/india-time.ts';
import { stateRule } from '../../../common/orders.ts';
import type { AdminOrder } from '../../../common/schemas/admin-orders.ts';
import { keepInputSchema, refundInputSchema } from '../../../common/schemas/settlement.ts';
import {
  KEEP_REASON_WORDS,
  KEEP_REASONS,
  mayKeepAdvance,
  REFUND_REASON_WORDS,
  REFUND_REASONS,
  refundablePaise,
  settlementLines,
} from '../../../common/settlement.ts';
import { settlementApi } from '../../../common/settlement-api.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { call } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';

/**
 * What became of an order's money, in Admin Orders (docs/product.md "Every advance settled"): the
 * refunds recorded and the advance kept, as the shopper reads them; for a cancelled, returned or
 * delivered order, "Record a refund" (amount, UPI or bank reference, date, reason) and, for one whose
 * parcel came back holding an advance, "Keep the advance" under one of the policy's cases. Each answer
 * brings the order back as the server now has it.
 */
export function SettlementPanel({ order, onOrder }: { order: AdminOrder; onOrder: (order: AdminOrder) => void }) {
  const s = order.settlement;
  const closed = stateRule(order.status).closed;
  const [open, setOpen] = useState<'refund' | 'keep' | null>(null);
  if (!closed) return null;
  const mayKeep =
    s?.state === 'to-settle' && s.refunds.length === 0 && order.invoiceNumber !== null && mayKeepAdvance(order.status);
  // Nothing left that the buyer paid: no refund to offer (the server refuses one above it).
  const mayRefund = refundable(order).leftPaise > 0;
  return (
    <div className={`adm-settlement${s?.state === 'to-settle' ? ' adm-settlement-todo' : ''}`}>
      {s && (
        <>
          {/* The lines are the shopper's own words ("Your advance…"): say so, for the owner reading them. */}
          <p className="adm-settlement-caption" id={`adm-settlement-${order.number}`}>
            The shopper reads:
          </p>
          <ul className="adm-settlement-lines" aria-labelledby={`adm-settlement-${order.number}`}>
            {settlementLines(s).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {open === 'refund' && <RefundForm order={order} onOrder={onOrder} onClose={() => setOpen(null)} />}
      {open === 'keep' && <KeepForm order={order} onOrder={onOrder} onClose={() => setOpen(null)} />}
      {open === null && s?.state !== 'kept' && (mayRefund || mayKeep) && (
        <div className="adm-order-buttons">
          {mayRefund && (
            <button type="button" className="btn btn-small" onClick={() => setOpen('refund')}>
              Record a refund<span className="visually-hidden"> for {order.number}</span>
            </button>
          )}
          {mayKeep && (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen('keep')}>
              Keep the advance<span className="visually-hidden"> of {order.number}</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** What the buyer paid and what may still go back, by the one money rule (common/settlement.ts). */
const refundable = (order: AdminOrder) =>
  refundablePaise(
    {
      total: order.total,
      advanceAmount: order.advance.amount,
      advanceState: order.advance.state,
      status: order.status,
    },
    order.settlement,
  );

type Close = { order: AdminOrder; onOrder: (order: AdminOrder) => void; onClose: () => void };

function RefundForm({ order, onOrder, onClose }: Close) {
  const s = order.settlement;
  const { paidPaise, leftPaise } = refundable(order);
  // What is left of the advance to refund, as a start; the owner may refund up to what was paid.
  const left = s ? Math.min(leftPaise, Math.max(0, s.advancePaise - s.refundedPaise)) : 0;
  const form = useForm({
    id: `adm-refund-${order.number}`,
    initial: {
      amount: left > 0 ? (left / 100).toFixed(2).replace(/\.00$/, '') : '',
      reference: '',
      paidOn: indiaDay(new Date()),
      reason: order.status === 'cancelled' ? 'cancelled' : order.status === 'returned' ? 'returned' : '',
    },
    check: (values) => refundInputSchema.safeParse(values),
    send: (body) =>
      call(settlementApi.recordRefund, {
        params: { orderNumber: order.number },
        body: { ...body, amount: (body.amount / 100).toFixed(2) },
      }),
    onSuccess: (reply) => {
      onOrder(reply.order);
      onClose();
    },
  });
  return (
    <form className="adm-shipment-form adm-settlement-form" onSubmit={form.submit} noValidate>
      <TextField
        label="Amount refunded (₹)"
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        hint={`Paid by the buyer ${formatPaise(paidPaise)}, of which ${formatPaise(leftPaise)} may still go back`}
        {...form.field('amount')}
      />
      <TextField label="UPI or bank reference (UTR)" autoComplete="off" maxLength={22} {...form.field('reference')} />
      <TextField label="Date paid" type="date" {...form.field('paidOn')} />
      <SelectField label="Why" {...form.field('reason')}>
        <option value="">Choose why</option>
        {REFUND_REASONS.map((r) => (
          <option key={r} value={r}>
            {REFUND_REASON_WORDS[r].en}
          </option>
        ))}
      </SelectField>
      <Message {...form.messageProps} />
      <div className="adm-order-buttons">
        <button type="submit" className="btn btn-small" disabled={form.busy}>
          Record refund<span className="visually-hidden"> for {order.number}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Back
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}

function KeepForm({ order, onOrder, onClose }: Close) {
  const form = useForm({
    id: `adm-keep-${order.number}`,
    initial: { reason: '' },
    check: (values) => keepInputSchema.safeParse(values),
    send: (body) => call(settlementApi.keepAdvance, { params: { orderNumber: order.number }, body }),
    defaultField: 'reason',
    onSuccess: (reply) => {
      onOrder(reply.order);
      onClose();
    },
  });
  return (
    <form className="adm-shipment-form adm-settlement-form" onSubmit={form.submit} noValidate>
      <SelectField label="The policy’s case (the shopper reads it)" {...form.field('reason')}>
        <option value="">Choose the case</option>
        {KEEP_REASONS.map((r) => (
          <option key={r} value={r}>
            {KEEP_REASON_WORDS[r].en}
          </option>
        ))}
      </SelectField>
      <Message {...form.messageProps} />
      <div className="adm-order-buttons">
        <button type="submit" className="btn btn-small" disabled={form.busy}>
          Keep advance<span className="visually-hidden"> of {order.number}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Back
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}
