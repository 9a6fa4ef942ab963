import { useState } from 'react';
import { advanceSettled } from '../../../common/advance.ts';
import { KNOWN_COURIERS } from '../../../common/couriers.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { orderApi } from '../../../common/order-api.ts';
import { stateRule } from '../../../common/orders.ts';
import type { AdminOrder } from '../../../common/schemas/admin-orders.ts';
import {
  MANUAL_STEPS,
  type ManualShipmentInput,
  manualShipmentSchema,
  type ShipmentStepInput,
  shipmentStepSchema,
} from '../../../common/schemas/shipping.ts';
import { formatExpectedDay, SHIPMENT_STEP_RULES, stepRule } from '../../../common/shipments.ts';
import { shippingApi } from '../../../common/shipping-api.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import './shipment.css';

/**
 * An order's parcel in Admin Orders (docs/product.md#shipping): the courier, the AWB with the
 * courier's tracking link, the step and the latest scan. With the manual courier the owner types
 * the courier's name (a common Indian courier from the list, or any other) and the AWB, and sets
 * the steps by hand; each answer brings the order back as the server now has it (a step may have
 * dispatched or delivered it).
 */
export function ShipmentPanel({ order, onOrder }: { order: AdminOrder; onOrder: (order: AdminOrder) => void }) {
  const { shipment, number } = order;
  const manual = !shipment || shipment.byHand;
  // A parcel goes out only while the order does (the state table): a cancelled order has none to add.
  const rule = stateRule(order.status);
  const live = rule.live;
  // The form to type a courier and AWB opens by itself only on an order ready to go out (advance
  // settled, not yet left): on the others it stays folded, one line instead of a 400 px row.
  const ready = live && !rule.parcelLeft && advanceSettled(order.advance.state);
  const [held, setHeld] = useState<string | null>(null);

  async function refreshed(orderHeld: string | null) {
    setHeld(orderHeld);
    onOrder((await call(orderApi.adminOrder, { params: { orderNumber: number } })).order);
  }

  return (
    <div className="adm-shipment">
      {shipment?.awb ? (
        <p className="adm-shipment-now">
          <strong>{SHIPMENT_STEP_RULES[shipment.step].ownerLabel}</strong>
          <span>
            {shipment.courierName} ·{' '}
            <span className="adm-shipment-awb">
              AWB{' '}
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="adm-id">
                  {shipment.awb}
                </a>
              ) : (
                <span className="adm-id">{shipment.awb}</span>
              )}
            </span>
          </span>
          {shipment.scanAt && (
            <span className="adm-history-meta">
              {shipment.scanText}
              {shipment.scanLocation ? `, ${shipment.scanLocation}` : ''} · {formatDateTime(shipment.scanAt)}
            </span>
          )}
          {shipment.attempts > 0 && (
            <span className="adm-shipment-failed">
              {shipment.attempts} failed {shipment.attempts === 1 ? 'attempt' : 'attempts'}
              {shipment.undeliveredReason ? `: “${shipment.undeliveredReason}”` : ''}
            </span>
          )}
          {/* A parcel coming back or delivered has no date to expect (a walk found "Expected by" on a return). */}
          {shipment.expectedBy && stepRule(shipment.step).onTheWay && (
            <span>Expected by {formatExpectedDay(shipment.expectedBy)}</span>
          )}
        </p>
      ) : null}
      {held && <Message text={held} tone="error" onClose={() => setHeld(null)} autoHideMs={null} />}
      {live && shipment?.step === 'rto_delivered' && <ReceivedBack number={number} onOrder={onOrder} />}
      {manual && live && (
        <details className="adm-shipment-edit" open={!shipment?.awb && ready}>
          <summary>
            {shipment?.awb ? 'Change courier or step' : 'Add courier and AWB'}
            <span className="visually-hidden"> of {number}</span>
          </summary>
          <CourierForm order={order} onSaved={refreshed} />
          {shipment?.awb && <StepForm order={order} onSaved={refreshed} />}
        </details>
      )}
    </div>
  );
}

function CourierForm({ order, onSaved }: { order: AdminOrder; onSaved: (held: string | null) => Promise<void> }) {
  const { number, shipment } = order;
  const form = useForm({
    id: `adm-courier-${number}`,
    initial: { courierName: shipment?.courierName ?? '', awb: shipment?.awb ?? '' },
    check: (values) => manualShipmentSchema.safeParse(values),
    send: (body: ManualShipmentInput) => call(shippingApi.saveShipment, { params: { orderNumber: number }, body }),
    onSuccess: (reply) => onSaved(reply.orderHeld),
  });
  const listId = `adm-couriers-${number}`;
  return (
    <form className="adm-shipment-form" onSubmit={form.submit} noValidate>
      <TextField label="Courier" list={listId} autoComplete="off" maxLength={60} {...form.field('courierName')} />
      <datalist id={listId}>
        {KNOWN_COURIERS.map((c) => (
          <option key={c.name} value={c.name} />
        ))}
      </datalist>
      <TextField label="Tracking number (AWB)" autoComplete="off" maxLength={40} {...form.field('awb')} />
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-small" disabled={form.busy}>
        Save courier<span className="visually-hidden"> of {number}</span>
      </button>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}

function StepForm({ order, onSaved }: { order: AdminOrder; onSaved: (held: string | null) => Promise<void> }) {
  const { number } = order;
  const form = useForm({
    id: `adm-step-${number}`,
    initial: { step: '', reason: '' },
    check: (values) => shipmentStepSchema.safeParse(values),
    send: (body: ShipmentStepInput) => call(shippingApi.setStep, { params: { orderNumber: number }, body }),
    onSuccess: (reply) => onSaved(reply.orderHeld),
    reset: true,
  });
  const step = form.values.step;
  return (
    <form className="adm-shipment-form" onSubmit={form.submit} noValidate>
      <SelectField label="Parcel step" {...form.field('step')}>
        <option value="">Choose a step</option>
        {MANUAL_STEPS.map((s) => (
          <option key={s} value={s}>
            {SHIPMENT_STEP_RULES[s].ownerLabel}
          </option>
        ))}
      </SelectField>
      {step === 'undelivered' && (
        <TextField label="Courier's reason" maxLength={200} autoComplete="off" {...form.field('reason')} />
      )}
      <Message {...form.messageProps} />
      <button type="submit" className="btn btn-small" disabled={form.busy}>
        Set step<span className="visually-hidden"> of {number}</span>
      </button>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}

/**
 * A parcel back at the shop (docs/product.md#returns-to-origin): once the owner has opened and
 * checked it, one click ends the order as Returned, puts its watches back in stock and gives its
 * invoice a credit note. The server does it once however often it is asked.
 */
function ReceivedBack({ number, onOrder }: { number: string; onOrder: (order: AdminOrder) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function receive() {
    setBusy(true);
    setError(null);
    try {
      onOrder((await call(shippingApi.receivedBack, { params: { orderNumber: number } })).order);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="adm-shipment-back">
      <p>The parcel is back. Open it and check the watches, then:</p>
      <button type="button" className="btn btn-small" disabled={busy} onClick={() => void receive()}>
        Received back and checked<span className="visually-hidden"> for {number}</span>
      </button>
      {error && <Message text={error} tone="error" onClose={() => setError(null)} autoHideMs={null} />}
      <LoaderOverlay active={busy} label="Returning the watches to stock…" />
    </div>
  );
}
