/**
 * What a shipment's changes set off in the folders above shipping (the shopper's step messages,
 * the owner's failed-delivery WhatsApp), as hooks those folders register at startup
 * (src/server/order-hooks.ts), like an order's state hooks (orders/hooks.ts): shipping never
 * imports notifications, so messages are consumers of its events
 * (docs/decisions/052-order-transitions-and-folder-graph.md). Every hook runs in the transaction
 * that applies the tracking event: a message is queued exactly when the step it tells of is
 * stored, and a hook that throws rolls the event back.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StepMail } from '../../common/shipments.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import type { ShipmentStep, TrackingEvent } from './courier.ts';

/** The order, its shopper and its shipment as the event's transaction holds them after the change. */
export interface ShipmentFacts {
  number: string;
  total: number | string;
  advance_amount: number | string;
  advance_state: string;
  /** The order's state, after the step moved it. */
  status: string;
  buyer_name: string;
  name: string;
  email: string;
  courier_name: string;
  awb: string;
  expected_by: string | null;
  undelivered_reason: string | null;
}

/** A shipment's step changed (apply-event.ts); a failed delivery is the change to 'undelivered'. */
export interface StepChange {
  trx: Transaction<Database>;
  config: Config;
  orderId: string;
  from: ShipmentStep;
  to: ShipmentStep;
  /** The shopper's mail on this step (the step table's, common/shipments.ts); the order's own state mail is left out for it. */
  mail: StepMail | null;
  facts: ShipmentFacts;
}

export interface StepHook {
  /** One hook of a name: registering it again (a second app in one process) keeps the first. */
  name: string;
  run(change: StepChange): Promise<void>;
}

const stepHookList: StepHook[] = [];

/** Registers a step hook; they run in the order registered. */
export function registerStepHook(hook: StepHook): void {
  if (!stepHookList.some((h) => h.name === hook.name)) stepHookList.push(hook);
}

/**
 * A step that would go unheard is a bug, not a quiet success: applying a tracking event refuses
 * until the hooks are in (an app, or a process that calls installOrderHooks()).
 */
export function stepHooks(): readonly StepHook[] {
  if (stepHookList.length === 0)
    throw new Error('The shipment hooks are not installed: call installOrderHooks() (order-hooks.ts).');
  return stepHookList;
}

export async function runStepHooks(change: StepChange): Promise<void> {
  for (const hook of stepHooks()) await hook.run(change);
}

/**
 * Parcels the shipments table does not hold (an after-sales return: after-sales/return-tracking.ts),
 * whose courier events still arrive at the one webhook route: a folder above registers a reader,
 * asked for an event whose AWB no shipment has. True: the event was about one of its parcels.
 */
export interface OtherParcels {
  name: string;
  apply(db: Kysely<Database>, config: Config, event: TrackingEvent): Promise<boolean>;
}

const otherParcelList: OtherParcels[] = [];

export function registerOtherParcels(reader: OtherParcels): void {
  if (!otherParcelList.some((r) => r.name === reader.name)) otherParcelList.push(reader);
}

/** Offers an event about an AWB no shipment has to each registered reader; true when one took it. */
export async function applyToOtherParcels(
  db: Kysely<Database>,
  config: Config,
  event: TrackingEvent,
): Promise<boolean> {
  for (const reader of otherParcelList) if (await reader.apply(db, config, event)) return true;
  return false;
}
