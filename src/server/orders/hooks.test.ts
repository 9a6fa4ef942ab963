/**
 * The order hooks (hooks.ts): a change made before the folders above have registered theirs is
 * refused instead of going without its invoice, credit note or message, and installOrderHooks
 * (order-hooks.ts) puts them in once, in the order they run. This file builds no app, so it sees
 * the registry as a process sees it before startup (Vitest isolates each test file's modules).
 */
import { describe, expect, it } from 'vitest';
import { installOrderHooks } from '../order-hooks.ts';
import { parcels, runPlacedHooks, stateHooks } from './hooks.ts';

describe('the order hooks', () => {
  it('refuse every change until installed, then run once each, in order', async () => {
    expect(() => stateHooks()).toThrow(/installOrderHooks/);
    expect(() => parcels()).toThrow(/installOrderHooks/);
    await expect(runPlacedHooks({} as Parameters<typeof runPlacedHooks>[0])).rejects.toThrow(/installOrderHooks/);
    installOrderHooks();
    installOrderHooks();
    expect(stateHooks().map((h) => h.name)).toEqual(['invoice', 'review-request']);
    expect(typeof parcels().parcels).toBe('function');
  });
});
