/**
 * The shipment hooks (hooks.ts): a tracking event applied before the folders above have registered
 * their step hooks is refused before anything is written, instead of moving a parcel with no
 * message, and installOrderHooks (order-hooks.ts) puts them in once, in the order they run (the
 * shopper's message before the owner's). This file builds no app, so it sees the registry as a
 * process sees it before startup (Vitest isolates each test file's modules).
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import type { Db } from '../db/tables.ts';
import { installOrderHooks } from '../order-hooks.ts';
import { applyTrackingEvent } from './apply-event.ts';
import { runStepHooks, stepHooks } from './hooks.ts';

describe('the shipment hooks', () => {
  it('refuse every tracking event until installed, then run once each, in order', async () => {
    expect(() => stepHooks()).toThrow(/installOrderHooks/);
    await expect(runStepHooks({} as Parameters<typeof runStepHooks>[0])).rejects.toThrow(/installOrderHooks/);
    // No database is reached: the refusal comes first.
    await expect(
      applyTrackingEvent({} as Db, {} as Config, {
        awb: 'AWB1',
        statusId: '6',
        statusText: 'Picked up',
        step: 'picked_up',
        at: '2026-11-20T05:00:00.000Z',
        location: null,
        reason: null,
        attempt: null,
        expectedBy: null,
      }),
    ).rejects.toThrow(/installOrderHooks/);
    installOrderHooks();
    installOrderHooks();
    expect(stepHooks().map((h) => h.name)).toEqual(['shopper-step-message', 'owner-delivery-failed']);
  });
});
