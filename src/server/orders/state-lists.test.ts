/**
 * Every list of order states is built from the state table (common/orders.ts stateLists;
 * docs/decisions/052-order-transitions-and-folder-graph.md): a new state is a row of the table,
 * and the lists the queries, the courier's steps and the money read follow by themselves. A
 * throw-away table with two new states shows where each lands; a scan of the source keeps lists
 * written by hand out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BEFORE_DELIVERY_STATES,
  BEFORE_DISPATCH_STATES,
  ORDER_STATE_RULES,
  ORDER_STATES,
  type StateRule,
  stateLists,
} from '../../common/orders.ts';
import { SHIPMENT_STEP_RULES } from '../../common/shipments.ts';

const SRC = join(import.meta.dirname, '..', '..');
/** The state table itself, where the states are written. */
const TABLE = join(SRC, 'common', 'orders.ts');

/** A parcel held at the shop on the owner's word, before it goes out: its rules are a new order's. */
const ON_HOLD: StateRule = { ...ORDER_STATE_RULES.ordered, label: 'On hold' };
/** A parcel the courier lost: it left, never arrived, and its invoice is credited, like a return. */
const LOST: StateRule = { ...ORDER_STATE_RULES.returned, label: 'Lost', to: [] };

describe('the lists of states', () => {
  it('take a new state where its rule puts it, with no other list to edit', () => {
    const lists = stateLists({ ...ORDER_STATE_RULES, on_hold: ON_HOLD, lost: LOST });
    const where = (state: string) =>
      Object.entries(lists)
        .filter(([, states]) => (states as readonly string[]).includes(state))
        .map(([name]) => name)
        .sort();
    expect(where('on_hold')).toEqual(['beforeDelivery', 'beforeDispatch', 'live', 'toPack']);
    expect(where('lost')).toEqual(['history', 'returned']);
    // The table's own states stay where they were.
    const today = stateLists(ORDER_STATE_RULES);
    for (const [name, states] of Object.entries(today)) {
      expect(
        (lists as Record<string, readonly string[]>)[name]?.filter((s) => s !== 'on_hold' && s !== 'lost'),
      ).toEqual(states);
    }
  });

  it('are the states the spec names today', () => {
    expect(stateLists(ORDER_STATE_RULES)).toEqual({
      live: ['ordered', 'packed', 'dispatched', 'delivered'],
      toPack: ['ordered'],
      beforeDispatch: ['ordered', 'packed'],
      beforeDelivery: ['ordered', 'packed', 'dispatched'],
      codCollected: ['delivered'],
      cancelled: ['cancelled'],
      returned: ['returned'],
      history: ['delivered', 'returned'],
    });
  });

  it('move an order by a courier scan only forward, from the table', () => {
    for (const rule of Object.values(SHIPMENT_STEP_RULES)) {
      if (!rule.order) continue;
      expect(rule.order.from).toBe(rule.order.to === 'dispatched' ? BEFORE_DISPATCH_STATES : BEFORE_DELIVERY_STATES);
    }
  });

  it('are never written by hand outside the table', () => {
    const names = ORDER_STATES.join('|');
    // Two or more state names in one array, union type or SQL list.
    const handWritten = new RegExp(`'(${names})'\\s*[,|]\\s*'(${names})'`, 'g');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'migrations' && name !== 'seed') walk(path);
        } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && path !== TABLE) {
          for (const m of readFileSync(path, 'utf8').matchAll(handWritten)) {
            found.push(`${relative(SRC, path)}: ${m[1]} ${m[2]}`);
          }
        }
      }
    };
    walk(SRC);
    // Lists that share names with states but are not states: the credit note's reasons (CGST Rule 53)
    // and the column's comment, a courier's steps, the WhatsApp messages' kinds, a refund's reasons.
    expect(found.sort()).toEqual([
      'common/settlement.ts: cancelled returned',
      'common/shipments.ts: delivered cancelled',
      'server/db/tables.ts: cancelled returned',
      'server/invoices/credit-notes.ts: cancelled returned',
      'server/notifications/whatsapp/order-messages.ts: delivered cancelled',
    ]);
  });
});
