/**
 * What an order's changes set off in the folders above orders (invoices, notifications), as hooks
 * those folders register at startup (src/server/order-hooks.ts), the way vendure's OrderProcess
 * takes onTransitionStart/onTransitionEnd hooks: orders never imports them, so the server's folders
 * import each other one way (docs/decisions/052-order-transitions-and-folder-graph.md).
 * Every hook runs in the caller's transaction: a message is queued with the change it tells of,
 * and a hook that throws rolls the change back.
 */
import type { Transaction, Updateable } from 'kysely';
import type { OrderState, StateMail, StateRule } from '../../common/orders.ts';
import type { AdminShipment, ShopperShipment } from '../../common/schemas/shipping.ts';
import type { Config } from '../config.ts';
import type { Database, Db, OrdersTable } from '../db/tables.ts';

/** The messages about an order (notifications/order-mail.ts words them, with their WhatsApp twins). */
export type OrderMessageKind =
  | 'new-order'
  | 'advance-submitted'
  | 'advance-received'
  | 'advance-refused'
  | 'expired'
  | 'unpaid-reminder'
  | 'address-check'
  | 'refund-recorded'
  | 'advance-kept'
  | StateMail;

/** One change of an order's state, as the hooks see it (transition.ts). */
export interface StateChange {
  trx: Transaction<Database>;
  config: Config;
  /** The order as locked, before the change. */
  order: {
    id: string;
    number: string;
    status: string;
    address: string;
    buyer_gstin: string | null;
    invoice_number: string | null;
  };
  from: StateRule;
  to: StateRule;
  state: OrderState;
  /** The status really changes (a repeat of the same state writes only its event). */
  changed: boolean;
  /** The time of the change's event. */
  at: string;
  /** The owner's choice of delivery state, when the address names none (the invoice's place of supply). */
  supplyState?: string;
  /** The shopper's message this change queues: the table's, another kind (expiry), or none. */
  message: OrderMessageKind | null;
}

export interface StateHook {
  /** One hook of a name: registering it again (a second app in one process) keeps the first. */
  name: string;
  /** Before anything is written: throws (an AppError) to refuse the move. */
  check?(change: StateChange): Promise<void>;
  /** Columns written with the status, in its one update (the invoice number on dispatch). */
  columns?(change: StateChange): Promise<Updateable<OrdersTable> | null>;
  /** After the status and its event are written (credit note, messages). */
  after?(change: StateChange): Promise<void>;
}

/** An order just placed, in its transaction. */
export interface PlacedOrder {
  trx: Transaction<Database>;
  config: Config;
  orderId: string;
  userId: string;
  /** The shopper ticked "updates on WhatsApp" at checkout. */
  whatsappUpdates: boolean;
  at: string;
}

type Messenger = (trx: Transaction<Database>, config: Config, kind: OrderMessageKind, orderId: string) => Promise<void>;

const hooks = {
  state: [] as StateHook[],
  placed: [] as Array<{ name: string; run: (order: PlacedOrder) => Promise<void> }>,
  messenger: null as Messenger | null,
};

export function registerStateHook(hook: StateHook): void {
  if (!hooks.state.some((h) => h.name === hook.name)) hooks.state.push(hook);
}

export function registerPlacedHook(name: string, run: (order: PlacedOrder) => Promise<void>): void {
  if (!hooks.placed.some((h) => h.name === name)) hooks.placed.push({ name, run });
}

export function registerOrderMessenger(messenger: Messenger): void {
  hooks.messenger ??= messenger;
}

/**
 * A change that would go unheard is a bug, not a quiet success: every path that changes an order
 * refuses until the hooks are in (an app, or a process that calls installOrderHooks()).
 */
function messenger(): Messenger {
  if (!hooks.messenger)
    throw new Error('The order hooks are not installed: call installOrderHooks() (order-hooks.ts).');
  return hooks.messenger;
}

/** Queues a message about the order in `trx` (the owner's, or the shopper's mail and WhatsApp). */
export function queueOrderMessage(
  trx: Transaction<Database>,
  config: Config,
  kind: OrderMessageKind,
  orderId: string,
): Promise<void> {
  return messenger()(trx, config, kind, orderId);
}

export function stateHooks(): readonly StateHook[] {
  messenger();
  return hooks.state;
}

export async function runPlacedHooks(order: PlacedOrder): Promise<void> {
  messenger();
  for (const hook of hooks.placed) await hook.run(order);
}

/** An order's parcel as the order lists show it (shipping reads it: shipping/order-parcels.ts). */
export interface OrderParcel {
  /** The shipment's step, as stored. */
  step: string;
  /** What the shopper reads; null until the parcel has an AWB to follow. */
  shopper: ShopperShipment | null;
  admin: AdminShipment;
}

export interface ParcelReader {
  /** The parcels of these orders, by order id. */
  parcels(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderParcel>>;
  /** The signed link to the shopper's failed-delivery choice, per order number (the secret read first). */
  choicePaths(db: Db, config: Config): Promise<(orderNumber: string) => string>;
}

let parcelReader: ParcelReader | null = null;

export function registerParcelReader(reader: ParcelReader): void {
  parcelReader ??= reader;
}

export function parcels(): ParcelReader {
  if (!parcelReader) throw new Error('The order hooks are not installed: call installOrderHooks() (order-hooks.ts).');
  return parcelReader;
}
