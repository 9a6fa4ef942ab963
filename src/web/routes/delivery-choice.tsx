/**
 * /delivery/{order}/{token} (docs/product.md#failed-deliveries): the link the shopper gets by mail
 * and WhatsApp after a failed delivery, no log-in. They choose another attempt on one of the next
 * working days (with a corrected phone or landmark), or to cancel the delivery. A choice replaces
 * the one before until it is sent to the courier.
 */
import { useState } from 'react';
import { DELIVERY_CHOICE_RULES, type DeliveryAction } from '../../common/delivery-choice-rules.ts';
import type { ChoicePage, StoredChoice } from '../../common/schemas/delivery-choice.ts';
import { formatExpectedDay } from '../../common/shipments.ts';
import { checkForm } from '../../common/text-rules.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { Message } from '../components/message.tsx';
import { PHONE_INPUT, TextField } from '../components/text-field.tsx';
import { WhatsAppQuestion } from '../components/whatsapp-question.tsx';
import { readChoicePage, sendChoice } from '../features/shipping/delivery-choice-api.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { useParams } from '../lib/router/index.ts';
import { useResource } from '../lib/use-resource.ts';
import '../features/shipping/delivery-choice.css';

export function DeliveryChoicePage() {
  const { orderNumber = '', token = '' } = useParams();
  const [answer, setAnswer] = useState<ChoicePage | null>(null);
  const page = useResource<ChoicePage>(`delivery-choice:${orderNumber}:${token}`, (signal) =>
    readChoicePage(orderNumber, token, signal),
  );
  const data = answer ?? page.data;
  const refused = page.error !== null && page.errorStatus !== null && page.errorStatus >= 400 && page.errorStatus < 500;
  return (
    <div className="page container choice-page">
      <h1>Your delivery</h1>
      <LoaderOverlay active={page.loading && !data} />
      {refused ? (
        <p className="message message-error" role="alert">
          {page.error}
        </p>
      ) : (
        <LoadError message={page.error} onRetry={page.reload} />
      )}
      {data && <Parcel data={data} />}
      {data?.open && <ChoiceForm data={data} orderNumber={orderNumber} token={token} onSaved={setAnswer} />}
      {data && !data.open && data.choice && <ChosenNote choice={data.choice} automatic={data.automatic} />}
      <WhatsAppQuestion text={`Hello, about the delivery of my order ${orderNumber}: `} />
    </div>
  );
}

function Parcel({ data }: { data: ChoicePage }) {
  return (
    <section className="panel" aria-labelledby="choice-parcel-title">
      <h2 id="choice-parcel-title">
        Order <span className="order-id">{data.number}</span>
      </h2>
      <dl className="choice-facts">
        <dt>Now</dt>
        <dd>{data.stepLabel}</dd>
        {data.awb && (
          <>
            <dt>Courier</dt>
            <dd>
              {data.courierName || 'The courier'} · AWB {data.awb}
            </dd>
          </>
        )}
        {data.reason && (
          <>
            <dt>The courier says</dt>
            <dd>{data.reason}</dd>
          </>
        )}
        {data.attempts > 0 && (
          <>
            <dt>Attempts</dt>
            <dd>{data.attempts}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function choiceWords(c: StoredChoice): string {
  if (c.action === 'return') return 'Cancel the delivery: the parcel goes back to the shop.';
  const extra = [c.phone && `phone ${c.phone}`, c.landmark && `landmark “${c.landmark}”`].filter(Boolean).join(', ');
  return `Try again on ${c.date ? formatExpectedDay(c.date) : 'the next working day'}${extra ? `, ${extra}` : ''}.`;
}

function ChosenNote({ choice, automatic }: { choice: StoredChoice; automatic: boolean }) {
  const state =
    choice.state === 'sent'
      ? 'Sent to the courier.'
      : choice.state === 'refused'
        ? 'The courier did not take it yet: the shop will call you.'
        : automatic
          ? 'The shop will pass it to the courier.'
          : 'The shop will pass it to the courier by phone.';
  return (
    <section className="panel choice-done" aria-labelledby="choice-done-title">
      <h2 id="choice-done-title">Your choice</h2>
      <p>{choiceWords(choice)}</p>
      <p role="status">{state}</p>
    </section>
  );
}

interface ChoiceValues {
  action: DeliveryAction;
  date: string;
  phone: string;
  landmark: string;
}

function ChoiceForm({
  data,
  orderNumber,
  token,
  onSaved,
}: {
  data: ChoicePage;
  orderNumber: string;
  token: string;
  onSaved: (page: ChoicePage) => void;
}) {
  const form = useForm({
    id: 'choice',
    initial: (): ChoiceValues => ({
      action: data.choice?.action ?? 're-attempt',
      date: data.choice?.date && data.days.includes(data.choice.date) ? data.choice.date : (data.days[0] ?? ''),
      phone: data.choice?.phone ?? '',
      landmark: data.choice?.landmark ?? '',
    }),
    check: (values: ChoiceValues) => {
      const checked = checkForm(DELIVERY_CHOICE_RULES, { phone: values.phone, landmark: values.landmark });
      return checked.ok ? { ok: true as const, data: { ...values, ...checked.data } } : checked;
    },
    send: (values) => sendChoice(orderNumber, token, values),
    success: (page) =>
      page.choice?.state === 'sent'
        ? 'Thank you: your choice was sent to the courier.'
        : 'Thank you: your choice is saved.',
    onSuccess: (page) => onSaved(page),
  });
  const retry = form.values.action === 're-attempt';
  return (
    <form className="panel" onSubmit={form.submit} noValidate aria-labelledby="choice-title">
      <h2 id="choice-title">What should happen next?</h2>
      {data.choice && <p>You chose: {choiceWords(data.choice)} You may change it until it is sent to the courier.</p>}
      <fieldset>
        <legend>Your choice</legend>
        <label className="choice-option">
          <input
            type="radio"
            name="action"
            value="re-attempt"
            checked={retry}
            onChange={() => form.set('action', 're-attempt')}
          />
          <span>Try again</span>
        </label>
        <label className="choice-option">
          <input
            type="radio"
            name="action"
            value="return"
            checked={!retry}
            onChange={() => form.set('action', 'return')}
          />
          <span>Cancel the delivery (the parcel goes back to the shop)</span>
        </label>
      </fieldset>
      {retry && (
        <>
          <fieldset>
            <legend>Which day?</legend>
            <div className="choice-days">
              {data.days.map((day) => (
                <label key={day}>
                  <input
                    type="radio"
                    name="date"
                    value={day}
                    checked={form.values.date === day}
                    onChange={() => form.set('date', day)}
                  />
                  {formatExpectedDay(day)}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField label="A different phone for the courier (optional)" {...PHONE_INPUT} {...form.field('phone')} />
          <TextField
            label="A landmark near you (optional)"
            hint="Such as: opposite the blue gate"
            maxLength={100}
            {...form.field('landmark')}
          />
        </>
      )}
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {retry ? 'Ask for another attempt' : 'Cancel the delivery'}
      </button>
      <LoaderOverlay active={form.busy} label="Saving your choice…" />
    </form>
  );
}
