import { useState } from 'react';
import type { ReturnMethod } from '../../../common/after-sales-rules.ts';
import { MAX_REQUEST_PHOTOS } from '../../../common/after-sales-rules.ts';
import { formatPaise } from '../../../common/gst.ts';
import { indiaDay } from '../../../common/india-time.ts';
import {
  type AdminRequest,
  checkRequestSchema,
  decideRequestSchema,
  requestRefundSchema,
} from '../../../common/schemas/after-sales.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { check, decide, recordRefund, uploadCheckPhotos } from './after-sales-api.ts';

const METHOD_LABELS: Record<ReturnMethod, string> = {
  courier: 'Book the courier’s return pickup',
  typed: 'I booked it: type the return AWB',
  self: 'The shopper sends it (we show them our address)',
};

/** Approve (with how the watch comes back) or refuse (with the reason the shopper reads). */
export function DecideForms({ request: r, onDone }: { request: AdminRequest; onDone: (text: string) => void }) {
  const methods: ReturnMethod[] = r.courierReturns ? ['courier', 'typed', 'self'] : ['typed', 'self'];
  const [method, setMethod] = useState<ReturnMethod>(methods[0]!);
  const approve = useForm({
    id: `approve-${r.number}`,
    initial: { note: '', returnAwb: '', returnCourier: '' },
    check: (values) => decideRequestSchema.safeParse({ decision: 'approve', returnMethod: method, ...values }),
    send: (data) => decide(r.number, data),
    onSuccess: () => onDone(`${r.number} approved`),
  });
  const refuse = useForm({
    id: `refuse-${r.number}`,
    initial: { note: '' },
    check: (values) => decideRequestSchema.safeParse({ decision: 'refuse', ...values }),
    send: (data) => decide(r.number, data),
    defaultField: 'note',
    onSuccess: () => onDone(`${r.number} refused`),
  });
  return (
    <div className="adm-as-forms">
      <form className="adm-as-form" onSubmit={approve.submit} noValidate aria-label={`Approve ${r.number}`}>
        <fieldset>
          <legend>How does the watch come back?</legend>
          {methods.map((m) => (
            <label key={m} className="adm-as-choice">
              <input type="radio" name={`method-${r.number}`} checked={method === m} onChange={() => setMethod(m)} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </fieldset>
        {method === 'typed' && (
          <>
            <TextField label="Courier’s name" {...approve.field('returnCourier')} />
            <TextField label="Return AWB" {...approve.field('returnAwb')} />
          </>
        )}
        <TextAreaField label="Note to the shopper (optional)" rows={2} {...approve.field('note')} />
        <Message {...approve.messageProps} />
        <button type="submit" className="btn btn-gold" disabled={approve.busy}>
          Approve {r.number}
        </button>
      </form>
      <form className="adm-as-form" onSubmit={refuse.submit} noValidate aria-label={`Refuse ${r.number}`}>
        <TextAreaField label="Reason the shopper will read" rows={2} {...refuse.field('note')} />
        <Message {...refuse.messageProps} />
        <button type="submit" className="btn" disabled={refuse.busy}>
          Refuse {r.number}
        </button>
      </form>
    </div>
  );
}

/** "Received back and checked": pass or fail, a note, and up to 4 photos. */
export function CheckForm({ request: r, onDone }: { request: AdminRequest; onDone: (text: string) => void }) {
  const [passed, setPassed] = useState<boolean | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm({
    id: `check-${r.number}`,
    initial: { note: '' },
    check: (values) => {
      if (files.length > MAX_REQUEST_PHOTOS) {
        return { ok: false as const, field: 'note', message: `Please choose at most ${MAX_REQUEST_PHOTOS} photos` };
      }
      return checkRequestSchema.safeParse({ passed, note: values.note, photos: [] });
    },
    send: async (data) => {
      const photos = files.length > 0 ? await uploadCheckPhotos(r.number, files) : [];
      return check(r.number, { ...data, photos });
    },
    onSuccess: () => onDone(`${r.number}: received back and checked`),
  });
  return (
    <form className="adm-as-form" onSubmit={form.submit} noValidate aria-label={`Check ${r.number}`}>
      <fieldset id={`check-${r.number}-passed`} tabIndex={-1}>
        <legend>Received back and checked</legend>
        <label className="adm-as-choice">
          <input type="radio" name={`passed-${r.number}`} checked={passed === true} onChange={() => setPassed(true)} />
          Passed: as the shopper said
        </label>
        <label className="adm-as-choice">
          <input
            type="radio"
            name={`passed-${r.number}`}
            checked={passed === false}
            onChange={() => setPassed(false)}
          />
          Failed: no exchange (used, damaged by the shopper, not our watch)
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`check-${r.number}-photos`}>Photos (up to {MAX_REQUEST_PHOTOS})</label>
        <input
          id={`check-${r.number}-photos`}
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </div>
      <TextAreaField label="What you found" rows={2} {...form.field('note')} />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        Save the check
      </button>
    </form>
  );
}

/**
 * The refund of a problem report, once paid from the shop's UPI app or bank (docs/product.md#after-sales):
 * amount (the watch's price to start, never more than it nor than what may still go back), the UPI or
 * bank reference and the date. The server records it as every refund is (settlements/), and the shopper
 * reads it on their orders with its reference.
 */
export function RequestRefundForm({ request: r, onDone }: { request: AdminRequest; onDone: (text: string) => void }) {
  const max = r.refund?.maxPaise ?? 0;
  const form = useForm({
    id: `refund-${r.number}`,
    initial: {
      amount: max > 0 ? (max / 100).toFixed(2).replace(/\.00$/, '') : '',
      reference: '',
      paidOn: indiaDay(new Date()),
    },
    check: (values) => requestRefundSchema.safeParse(values),
    send: (body) => recordRefund(r.number, { ...body, amount: (body.amount / 100).toFixed(2) }),
    onSuccess: () => onDone(`${r.number}: refund recorded`),
  });
  return (
    <form className="adm-as-form" onSubmit={form.submit} noValidate aria-label={`Refund ${r.number}`}>
      <TextField
        label="Amount refunded (₹)"
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        hint={`At most ${formatPaise(max)} (paid for the order: ${formatPaise(r.refund?.paidPaise ?? 0)})`}
        {...form.field('amount')}
      />
      <TextField label="UPI or bank reference (UTR)" autoComplete="off" maxLength={22} {...form.field('reference')} />
      <TextField label="Date paid" type="date" {...form.field('paidOn')} />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        Record the refund<span className="visually-hidden"> of {r.number}</span>
      </button>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}
