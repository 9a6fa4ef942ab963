import { describe, expect, it } from 'vitest';
import { composeAddress } from './account-rules.ts';
import { deliveryPlace } from './delivery-place.ts';

describe('deliveryPlace', () => {
  it('reads the city and pincode of an address the checkout composed', () => {
    const address = composeAddress({
      room: '12',
      building: 'Lotus Residency, Wing B',
      landmark: 'City Mall',
      city: 'Navi Mumbai',
      pincode: '400703',
      state: 'Maharashtra',
    });
    expect(deliveryPlace(address)).toEqual({ city: 'Navi Mumbai', pincode: '400703' });
  });

  it('falls back to the last pincode of a typed address, and to nothing', () => {
    expect(deliveryPlace('Flat 3, MG Road, Pune 411 001')).toEqual({ city: null, pincode: '411001' });
    expect(deliveryPlace('House 9, near the temple, Kochi')).toEqual({ city: null, pincode: null });
    // A phone number is not a pincode.
    expect(deliveryPlace('Call 9876543210 at the gate')).toEqual({ city: null, pincode: null });
  });
});
