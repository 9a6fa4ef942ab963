import { useEffect, useState } from 'react';
import { advanceSettled } from '../../../common/advance.ts';
import { courierBookingApi } from '../../../common/courier-booking-api.ts';
import { orderApi } from '../../../common/order-api.ts';
import { stateRule } from '../../../common/orders.ts';
import type { AdminOrder } from '../../../common/schemas/admin-orders.ts';
import type { BookCourierReply, CourierInfo } from '../../../common/schemas/courier-booking.ts';
import { Message } from '../../components/message.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import './book-courier.css';

/** How often an order still "booking…" is read again, and for how long at most. */
const WATCH_MS = 1500;
const WATCH_ROUNDS = 80;

/** The store's courier (docs/product.md#booking-a-courier): "Book courier" shows only for one that books. */
export function useCourier(): CourierInfo | undefined {
  return useResource('admin:courier', (signal) => call(courierBookingApi.courier, { signal })).data;
}

/** An order the owner may book now: still going out, not left, advance received or waived, no AWB yet. */
export function bookable(order: AdminOrder): boolean {
  const rule = stateRule(order.status);
  const s = order.shipment;
  return (
    rule.live && !rule.parcelLeft && advanceSettled(order.advance.state) && !s?.awb && s?.bookingState !== 'booking'
  );
}

/** The words of one order's answer, for the owner. */
function resultWords(r: BookCourierReply['results'][number]): string {
  if (r.outcome === 'booking') return `${r.orderNumber}: booking…`;
  if (r.outcome === 'already-booking') return `${r.orderNumber}: already booking…`;
  return r.message ?? `${r.orderNumber}: not booked`;
}

/**
 * One order's booking in its row (docs/product.md#booking-a-courier): "Book courier" when it may be
 * booked; "Booking…" while the worker books it (the order is read again until it is booked or
 * refused); the courier's own words when it refused, with "Book again". Once booked, the parcel
 * panel shows the courier and the AWB.
 */
export function BookCourier({
  order,
  courier,
  onOrder,
}: {
  order: AdminOrder;
  courier: CourierInfo | undefined;
  onOrder: (order: AdminOrder) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { number, shipment } = order;
  const booking = shipment?.bookingState === 'booking';

  // While the worker books it, read the order again now and then.
  useEffect(() => {
    if (!booking) return;
    let rounds = 0;
    let stopped = false;
    const timer = setInterval(async () => {
      rounds += 1;
      if (rounds > WATCH_ROUNDS) clearInterval(timer);
      try {
        const { order: next } = await call(orderApi.adminOrder, { params: { orderNumber: number } });
        if (!stopped && next.shipment?.bookingState !== 'booking') onOrder(next);
      } catch {
        // The next round tries again.
      }
    }, WATCH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [booking, number, onOrder]);

  if (!courier?.books) return null;

  async function book() {
    setBusy(true);
    setError(null);
    try {
      const { results } = await call(courierBookingApi.book, { body: { orderNumbers: [number] } });
      const mine = results[0];
      if (mine?.outcome === 'refused') setError(mine.message);
      onOrder((await call(orderApi.adminOrder, { params: { orderNumber: number } })).order);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const failed = shipment?.bookingState === 'failed';
  return (
    <div className="adm-book">
      {booking && (
        <p className="adm-book-state" role="status">
          Booking with {courier.title}…
        </p>
      )}
      {failed && shipment?.bookingError && (
        <p className="adm-book-error" role="alert">
          Not booked: {shipment.bookingError}
        </p>
      )}
      {shipment?.bookingState === 'booked' && shipment.bookingError && (
        <p className="adm-book-error">{shipment.bookingError}</p>
      )}
      {error && <Message text={error} tone="error" onClose={() => setError(null)} autoHideMs={null} />}
      {bookable(order) && (
        <button type="button" className="btn btn-small" onClick={book} disabled={busy}>
          {failed ? 'Book again' : 'Book courier'}
          <span className="visually-hidden"> for {number}</span>
        </button>
      )}
    </div>
  );
}

/**
 * "Book courier" for the ticked orders in one go, beside "Print labels": each order is answered on
 * its own (booking…, or why not), and the list is read again.
 */
export function BookTicked({
  numbers,
  courier,
  onDone,
}: {
  numbers: string[];
  courier: CourierInfo | undefined;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  if (!courier?.books) return null;
  const name = courier.title;

  async function book() {
    setBusy(true);
    setAnswer(null);
    try {
      const { results } = await call(courierBookingApi.book, { body: { orderNumbers: numbers } });
      const refused = results.filter((r) => r.outcome === 'refused');
      // Said as done, not as a loader: the booking goes on in the background (a job per order),
      // and each row shows its own "Booking…" and then its AWB.
      const text =
        refused.length === 0
          ? `${results.length} ${results.length === 1 ? 'order' : 'orders'} sent to ${name}: each row shows its AWB once booked.`
          : results.map(resultWords).join(' · ');
      setAnswer({ text, tone: refused.length === 0 ? 'success' : 'error' });
      onDone();
    } catch (err) {
      setAnswer({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-small" onClick={book} disabled={busy || numbers.length === 0}>
        Book courier ({numbers.length})
      </button>
      {answer && (
        <div className="adm-book-answer">
          <Message text={answer.text} tone={answer.tone} onClose={() => setAnswer(null)} autoHideMs={null} />
        </div>
      )}
    </>
  );
}
