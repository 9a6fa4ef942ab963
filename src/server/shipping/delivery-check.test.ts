/**
 * The pincode check (delivery-check.ts): answers kept a day per pincode, a bounded memory, a courier
 * that fails replaced by the pincode directory (never a refusal), and the refusal of an address.
 */
import { describe, expect, it } from 'vitest';
import type { Courier, Serviceability } from './courier.ts';
import { manualCourier } from './couriers/manual/manual-courier.ts';
import { deliveryChecker } from './delivery-check.ts';

/** A courier of our own for the check: counts its calls, answers from a table or fails. */
function countingCourier(answers: Record<string, Partial<Serviceability>>, fail = false) {
  const asked: string[] = [];
  const courier: Courier = {
    ...manualCourier,
    id: 'counting',
    async serviceability(pincode) {
      asked.push(pincode);
      if (fail) throw new Error('connect ECONNREFUSED');
      return { pincode, served: false, cod: false, expectedBy: null, ...answers[pincode] };
    },
  };
  return { courier, asked };
}

describe('the pincode check', () => {
  it('words the three answers as the product page and the checkout show them', async () => {
    const { courier } = countingCourier({
      '411001': { served: true, cod: true, expectedBy: '2026-12-03' },
      '744101': { served: true, cod: false, expectedBy: '2026-12-08' },
    });
    const check = deliveryChecker(courier);
    expect((await check.check('411001')).message).toBe('Delivery by Thu, 3 Dec · cash on delivery available');
    expect((await check.check('744101')).message).toBe('Cash on delivery is not available at 744101');
    expect((await check.check('123456')).message).toBe('We do not deliver to 123456 yet');
    expect(await check.refusal('1, A Road, near B, Port Blair - 744101, Andaman')).toBe(
      'Cash on delivery is not available at 744101',
    );
    expect(await check.refusal('1, A Road, near B, Pune - 411 001, Maharashtra')).toBeNull();
    // Free text saved at sign-up, without a pincode: nothing to check, not refused.
    expect(await check.refusal('Near the old temple, Pune')).toBeNull();
  });

  it('asks the courier once a day per pincode, and forgets the oldest past its bound', async () => {
    let now = Date.parse('2026-11-27T06:00:00Z');
    const { courier, asked } = countingCourier({ '411001': { served: true, cod: true } });
    const check = deliveryChecker(courier, { now: () => now, maxKept: 2 });
    await check.check('411001');
    await check.check('411001');
    expect(asked).toEqual(['411001']);
    now += 24 * 60 * 60 * 1000 + 1;
    await check.check('411001');
    expect(asked).toEqual(['411001', '411001']);
    await check.check('400001');
    await check.check('560001');
    // 411001 was the oldest of three: asked again.
    await check.check('411001');
    expect(asked.filter((p) => p === '411001')).toHaveLength(3);
  });

  it('answers from the pincode directory when the courier fails, and keeps nothing', async () => {
    const errors: unknown[] = [];
    const { courier, asked } = countingCourier({}, true);
    const check = deliveryChecker(courier, { onError: (err) => errors.push(err) });
    expect((await check.check('411001')).served).toBe(true);
    expect((await check.check('123456')).served).toBe(false);
    await check.check('411001');
    // 123456 is in no directory: the courier is not asked about it (issue 34).
    expect(asked).toEqual(['411001', '411001']);
    expect(errors).toHaveLength(2);
  });

  it('never asks the courier about a pincode the directory does not know, and gates only its calls', async () => {
    const { courier, asked } = countingCourier({ '411001': { served: true, cod: true } });
    const check = deliveryChecker(courier);
    let gated = 0;
    const gate = async () => {
      gated++;
    };
    // 40 made-up pincodes, as fast as one address can send them.
    const madeUp = Array.from({ length: 40 }, (_, i) => String(990000 + i));
    const answers = await Promise.all(madeUp.map((p) => check.check(p, gate)));
    expect(answers.every((a) => !a.served && a.message === `We do not deliver to ${a.pincode} yet`)).toBe(true);
    expect(asked).toEqual([]);
    expect(gated).toBe(0);
    await check.check('411001', gate);
    await check.check('411001', gate);
    expect(asked).toEqual(['411001']);
    expect(gated).toBe(1);
    // A gate that refuses stops the call.
    const refused = check.check('400001', async () => {
      throw new Error('limit');
    });
    await expect(refused).rejects.toThrow('limit');
    expect(asked).toEqual(['411001']);
  });

  it('the manual courier has no API: the directory answers and the gate is never run', async () => {
    const check = deliveryChecker(manualCourier);
    let gated = 0;
    const gate = async () => {
      gated++;
    };
    expect((await check.check('411001', gate)).served).toBe(true);
    expect((await check.check('990001', gate)).served).toBe(false);
    expect(gated).toBe(0);
    expect(manualCourier.booking ?? manualCourier.track ?? manualCourier.retryDelivery ?? null).toBeNull();
  });
});
